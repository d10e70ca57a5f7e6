// Where the app's motion comes from (./motion-kit.tsx): loaded once, after the
// visitor's first interaction and an idle moment (the app's start asks for it,
// src/app/platform.ts), never with the first load. Until it is loaded, and in
// unit tests, components render without motion.
import { createStore, useStore } from '../store/create-store'
import type * as MotionKitModule from './motion-kit'

export type MotionKit = typeof MotionKitModule

const kit = createStore<MotionKit | null>(null)
let loading: Promise<void> | null = null

/** Loads the motion kit (once); a failed load may be tried again. */
export function loadMotionKit(): Promise<void> {
  loading ??= import('./motion-kit').then(
    (module) => kit.set(module),
    () => {
      loading = null
    },
  )
  return loading
}

/** The kit if it is loaded, read once: for a choice that must not change while a component is mounted. */
export const loadedMotionKit = (): MotionKit | null => kit.get()

/** The kit, or null until it is loaded; the component renders again when it arrives. */
export function useMotionKit(): MotionKit | null {
  return useStore(kit)
}
