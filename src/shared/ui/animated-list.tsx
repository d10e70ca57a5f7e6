// A list whose items rise in when they are added and sink away when they are
// removed (a note deleted, then brought back by Undo), once the app's motion
// is loaded (./use-motion-kit.ts); a plain list before that and in unit tests.
// Items on screen when the list first renders come without motion.
import { useState, type ReactNode } from 'react'
import { Animated } from './animated'
import { loadedMotionKit } from './use-motion-kit'

interface AnimatedListProps<T> {
  items: readonly T[]
  keyOf: (item: T) => string
  className?: string
  itemClassName?: string
  children: (item: T) => ReactNode
}

export function AnimatedList<T>({ items, keyOf, className, itemClassName, children }: AnimatedListProps<T>) {
  // Decided once: the list does not remount its items when the motion arrives.
  const [kit] = useState(loadedMotionKit)
  const rows = items.map((item) => (
    <Animated key={keyOf(item)} kit={kit} preset="RISE" as="li" className={itemClassName}>
      {children(item)}
    </Animated>
  ))
  if (!kit) return <ul className={className}>{rows}</ul>
  return (
    <kit.MotionScope>
      <ul className={className}>
        <kit.Presence initial={false}>{rows}</kit.Presence>
      </ul>
    </kit.MotionScope>
  )
}
