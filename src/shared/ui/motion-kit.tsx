// The app's motion (docs/decisions/0078-phone-shell.md): framer-motion's
// small `m` components under LazyMotion, whose animation features come in a
// second chunk (./motion-features.ts). This module is never imported
// statically: ./use-motion-kit.ts loads it after the visitor's first
// interaction, and a component animates once it is there (before that, and in
// unit tests, it renders the same markup without motion). Every animation
// here follows the system's reduced-motion setting: movement is dropped,
// fades stay.
import { AnimatePresence, LazyMotion, m, MotionConfig } from 'framer-motion'
import type { ReactNode } from 'react'

const loadFeatures = () => import('./motion-features').then((module) => module.default)

/** Around every use of `m`: the features, and the reduced-motion rule. */
export function MotionScope({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  )
}

const EASE_OUT = [0.2, 0, 0, 1] as const

/** A toast, a list item or a card: rises into place, sinks away. */
export const RISE = {
  initial: { opacity: 0, y: 12 },
  animate: { opacity: 1, y: 0 },
  exit: { opacity: 0, y: 12 },
  transition: { duration: 0.18, ease: EASE_OUT },
} as const

/** A dialog's panel: grows into place from slightly smaller. */
export const POP = {
  initial: { opacity: 0, scale: 0.96 },
  animate: { opacity: 1, scale: 1 },
  exit: { opacity: 0, scale: 0.96 },
  transition: { duration: 0.16, ease: EASE_OUT },
} as const

/** A scrim: fades. */
export const FADE = {
  initial: { opacity: 0 },
  animate: { opacity: 1 },
  exit: { opacity: 0 },
  transition: { duration: 0.16 },
} as const

/** A bottom sheet: slides up from the edge. */
export const SHEET = {
  initial: { y: '100%' },
  animate: { y: 0 },
  exit: { y: '100%' },
  transition: { duration: 0.22, ease: EASE_OUT },
} as const

/** A status that changed: a short pulse of scale. */
export const STATUS = {
  initial: { opacity: 0, scale: 0.85 },
  animate: { opacity: 1, scale: 1 },
  transition: { duration: 0.2, ease: EASE_OUT },
} as const

export { AnimatePresence as Presence, m }
