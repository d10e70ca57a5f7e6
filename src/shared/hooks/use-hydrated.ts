// What only the viewer's device knows (its time zone, its locale's numbers,
// its clock) cannot be in markup rendered ahead of it (the prerendered home
// page, a live build's server-rendered pages): React would find other text
// when it adopts that markup, and render the whole page again. Such text waits
// for this hook, which is false in a server render and while React adopts the
// markup, and true from the next render on (at once when nothing is adopted).
import { useSyncExternalStore } from 'react'

const noChanges = () => () => undefined

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  )
}
