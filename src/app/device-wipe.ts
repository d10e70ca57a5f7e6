// Wiping the personal data this device keeps for a user who logs out
// (./device-data.ts says when): every owner forgets its own tables, and the
// marker in the origin's storage (LOCAL_KEYS.pendingWipe) stays for the next
// start if any of them could not. Loaded only when a wipe runs.
import { LOCAL_KEYS, localStore } from '#shared/storage/browser-storage'

/** What the user is told when the wipe could not be done (the navbar shows it after the log out). */
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
    import('#features/notes/offline/note-outbox'),
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

/**
 * Wipes `email`'s data with `wipe`; on failure leaves the marker for the next
 * start and rejects. The marker is written first, so a tab closed mid-wipe
 * leaves it too.
 */
export async function wipeOrMark(email: string, wipe = forgetPersonalData): Promise<void> {
  localStore.set(LOCAL_KEYS.pendingWipe, email)
  await wipe(email)
  localStore.set(LOCAL_KEYS.pendingWipe, null)
}

/** At start: finishes the wipe of `email` that the last log out could not do; a failure leaves the marker again. */
export async function finishWipe(email: string, wipe = forgetPersonalData): Promise<void> {
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
