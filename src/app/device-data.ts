// The personal data this device keeps, as logging out sees it (the auth
// feature's DeviceData): how many note writes are unsent, and the wipe, which
// stops the sync engines first so nothing more goes out under the token.
//
// A wipe can fail: another tab opened a newer version of the database (this
// tab's connection is then closed for good), or IndexedDB refuses. The user is
// signed out anyway, but it is not a clean logout: they are told (the navbar
// shows WIPE_PENDING_ALERT), and a marker in localStorage (PENDING_WIPE_KEY,
// the email whose data it is) makes the next start of the app finish the
// wipe before anything is rendered (finishPendingWipe, from src/main.tsx).
import type { DeviceData } from '../features/auth/device-data'
import { stopSyncEngines } from './sync-engines'

export const PENDING_WIPE_KEY = 'studyhub-pending-wipe'

export const WIPE_PENDING_ALERT = {
  title: 'Logged out, but your data is still on this device',
  text: 'StudyHub could not delete your notes and saved materials from this device (another StudyHub tab may be using them). They will be deleted the next time StudyHub starts: close your other StudyHub tabs and reload.',
} as const

// Loaded on demand: Dexie stays out of the first page.
const loadPersonalData = () => import('../features/notes/offline/personal-data')

/** The email whose wipe is pending, if any. */
export function pendingWipe(storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(PENDING_WIPE_KEY)
  } catch {
    return null
  }
}

/**
 * Wipes `email`'s data with `wipe`; on failure leaves the marker for the next
 * start and rejects. The marker is written first, so a tab closed mid-wipe
 * leaves it too.
 */
export async function wipeOrMark(
  email: string,
  wipe: (email: string) => Promise<void>,
  storage: Storage = localStorage,
): Promise<void> {
  storage.setItem(PENDING_WIPE_KEY, email)
  await wipe(email)
  storage.removeItem(PENDING_WIPE_KEY)
}

/**
 * At start: finishes a wipe the last log out could not do. Resolves once it
 * is done, or once it failed again (the marker stays for the start after).
 */
export async function finishPendingWipe(
  wipe: (email: string) => Promise<void> = forgetPersonalData,
  storage: Storage = localStorage,
): Promise<void> {
  const email = pendingWipe(storage)
  if (email === null) return
  try {
    await wipeOrMark(email, wipe, storage)
  } catch (err) {
    console.log('Pending wipe failed', err)
  }
}

async function forgetPersonalData(email: string): Promise<void> {
  await (await loadPersonalData()).forgetPersonalData(email)
}

export const deviceData: DeviceData = {
  unsentWrites: async (email) => (await loadPersonalData()).unsentNoteWrites(email),
  wipe: (email) => {
    stopSyncEngines()
    return wipeOrMark(email, forgetPersonalData)
  },
}
