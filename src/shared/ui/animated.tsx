// An element that animates when the app's motion is loaded (./use-motion-kit.ts)
// and is the same plain element otherwise: the one way a component asks for
// motion without loading framer-motion itself. The caller passes the kit it
// read (a choice made once per mount where a switch would remount children).
import { createElement, type CSSProperties, type ElementType, type HTMLAttributes, type Ref } from 'react'
import type { MotionKit } from './use-motion-kit'

type Preset = 'RISE' | 'POP' | 'FADE' | 'SHEET' | 'STATUS'

// framer-motion gives these events its own meaning; the plain element never needs them.
type MotionOwned =
  'onAnimationStart' | 'onAnimationEnd' | 'onAnimationIteration' | 'onDrag' | 'onDragStart' | 'onDragEnd' | 'style'

export interface AnimatedProps extends Omit<HTMLAttributes<HTMLElement>, MotionOwned> {
  kit: MotionKit | null
  preset: Preset
  as?: 'div' | 'li' | 'span' | 'ul'
  style?: CSSProperties
  ref?: Ref<HTMLElement>
}

export function Animated({ kit, preset, as = 'div', ...props }: AnimatedProps) {
  if (!kit) return createElement(as, props)
  return createElement(kit.m[as] as ElementType, { ...kit[preset], ...props })
}
