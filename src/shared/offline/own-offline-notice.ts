// One offline message per screen (docs/decisions/0078-phone-shell.md): the
// layout's notice ("Offline — showing …") says it for every screen, unless the
// screen says it in its own words (its own list of what the device keeps);
// then the layout's stays away.
import { useEffect } from 'react'
import { createStore, useStore } from '../store/create-store'

/** How many mounted parts of the screen say themselves that they show what the device kept. */
const saying = createStore(0)

/** While `shown`, this part of the screen gives its own offline message. */
export function useOwnOfflineNotice(shown: boolean): void {
  useEffect(() => {
    if (!shown) return
    saying.set((n) => n + 1)
    return () => saying.set((n) => n - 1)
  }, [shown])
}

/** Whether the screen gives its own offline message. */
export function useScreenSaysOffline(): boolean {
  return useStore(saying) > 0
}
