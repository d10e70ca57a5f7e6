// The app's background sync engines, started once by the app and driven by
// who is signed in (the ['auth', 'user'] query entry), not by the auth
// feature: the outbox (./outbox-engine.ts: notes' writes and bookings'
// cancels) is sent for the signed-in user only, stopped when nobody is, and
// flushed again whenever the entry is written anew (a new role and token,
// e.g. once back online: what a 401 left queued goes out then). Kept
// materials have no engine: the screens that list them keep them
// (src/features/materials/offline/). The engine's code and Dexie are loaded
// on demand, never with the first page.
import type { QueryClient } from '@tanstack/react-query'
import { authKeys, readUser } from '#features/auth/user-query'
import type * as OutboxEngine from './outbox-engine'

let outbox: typeof OutboxEngine | null = null
/** Bumped on every change and stop: a load that finishes after a later one acts on nothing. */
let generation = 0

const loadOutbox = () =>
  import('./outbox-engine').then((module) => {
    outbox = module
    return module
  })

/** Stops every engine now (logging out): nothing more goes out under the current token. */
export function stopSyncEngines(): void {
  generation += 1
  outbox?.stopOutbox()
}

/** Follows the signed-in user until the returned function is called. */
export function startSyncEngines(client: QueryClient): () => void {
  let seen: { user: unknown; at: number | undefined } | undefined
  const follow = () => {
    // A new user, or the same one written anew (equal data keeps its object, but not its time).
    const user = readUser(client)
    const at = client.getQueryState(authKeys.user)?.dataUpdatedAt
    if (seen && seen.user === user && seen.at === at) return
    seen = { user, at }
    const email = user?.email
    const mine = ++generation
    if (!email) {
      outbox?.stopOutbox()
      return
    }
    loadOutbox().then(
      (sync) => {
        if (mine === generation) sync.startOutbox(email, client)
      },
      (err: unknown) => console.log('Sync engines error', err),
    )
  }
  const unsubscribe = client.getQueryCache().subscribe(follow)
  follow()
  return () => {
    unsubscribe()
    stopSyncEngines()
  }
}
