// The personal data this device keeps, as logging out sees it (the auth
// feature's DeviceData): what to ask when note writes or booking cancels are unsent, and the wipe, which
// stops the sync engines first so nothing more goes out under the token.
//
// A wipe can fail: another tab opened a newer version of the database (this
// tab's connection is then closed for good), or IndexedDB refuses. The user is
// signed out anyway, but it is not a clean logout: they are told (the navbar
// shows WIPE_PENDING_ALERT), and a marker in the origin's storage
// (LOCAL_KEYS.pendingWipe, the email whose data it is) makes the next start of the app finish the
// wipe before anything is rendered (finishPendingWipe, from src/main.tsx).
import type { DeviceData, UnsentWarning } from '#features/auth/device-data'
import { LOCAL_KEYS, localStore } from '#shared/storage/browser-storage'
import { confirmDialog } from '#shared/ui/feedback'
import { stopSyncEngines } from './sync-engines'

export const WIPE_PENDING_ALERT = {
  title: 'Logged out, but your data is still on this device',
  text: 'StudyHub could not delete your notes and saved materials from this device (another StudyHub tab may be using them). They will be deleted the next time StudyHub starts: close your other StudyHub tabs and reload.',
} as const

// Each set of tables on the device has one owner, which forgets its own
// (docs/decisions/0057-one-offline-read-path.md): the notes feature its notes,
// the shared outbox every kind of entry in it, the materials feature its kept
// materials and files, the sessions and reviews features theirs, the shared
// kept answers every other answer kept for the user.
// Loaded on demand: Dexie stays out of the first page.
const deviceTableOwners = () =>
  Promise.all([
    import('#features/notes/offline/device-tables'),
    import('#shared/offline/outbox'),
    import('#features/materials/offline/kept-materials-store'),
    import('#features/sessions/db/approved-sessions'),
    import('#features/reviews/db/kept-reviews'),
    import('#shared/db/kept-answers'),
  ])

/**
 * This device stops being told of the user's news: the worker forgets who is
 * signed in (a demo build's notifications) and the push subscription goes.
 * Best effort: a wipe does not fail on it.
 */
async function stopNotifyingThisDevice(): Promise<void> {
  const [{ tellWorkerWhoIsSignedIn }, { dropThisDevice }] = await Promise.all([
    import('#features/notifications/device-user'),
    import('#features/notifications/push-permission'),
  ])
  await Promise.allSettled([tellWorkerWhoIsSignedIn(null), dropThisDevice()])
}

/** The email whose wipe is pending, if any. */
export function pendingWipe(): string | null {
  return localStore.get(LOCAL_KEYS.pendingWipe)
}

/**
 * Wipes `email`'s data with `wipe`; on failure leaves the marker for the next
 * start and rejects. The marker is written first, so a tab closed mid-wipe
 * leaves it too.
 */
export async function wipeOrMark(email: string, wipe: (email: string) => Promise<void>): Promise<void> {
  localStore.set(LOCAL_KEYS.pendingWipe, email)
  await wipe(email)
  localStore.set(LOCAL_KEYS.pendingWipe, null)
}

/**
 * At start: finishes a wipe the last log out could not do. Resolves once it
 * is done, or once it failed again (the marker stays for the start after).
 */
export async function finishPendingWipe(wipe: (email: string) => Promise<void> = forgetPersonalData): Promise<void> {
  const email = pendingWipe()
  if (email === null) return
  try {
    await wipeOrMark(email, wipe)
  } catch (err) {
    console.log('Pending wipe failed', err)
  }
}

/**
 * Removes `email`'s personal data from this device: the form drafts of this
 * tab, then every owner's tables. Each owner forgets its own even when
 * another fails; any failure fails the wipe, so the marker stays and the next
 * start runs every `forget` again (each can run twice).
 */
async function forgetPersonalData(email: string): Promise<void> {
  ;(await import('#shared/drafts/form-draft')).forgetDrafts()
  await stopNotifyingThisDevice().catch(() => undefined)
  const owners = await deviceTableOwners()
  const results = await Promise.allSettled(owners.map((owner) => owner.forget(email)))
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
}

/** How the app asks whether to log out with unsent writes: its own dialog (the auth session opens none). */
export function confirmLogOut(warning: UnsentWarning): Promise<boolean> {
  return confirmDialog({ ...warning, confirmLabel: 'Log out anyway', cancelLabel: 'Stay logged in', danger: true })
}

export const deviceData: DeviceData = {
  unsentWarning: async (email) => (await import('./outbox-engine')).unsentWarning(email),
  wipe: (email) => {
    stopSyncEngines()
    return wipeOrMark(email, forgetPersonalData)
  },
}
