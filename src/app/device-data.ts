// The personal data this device keeps, as logging out sees it (the auth
// feature's DeviceData): what to ask when note writes or booking cancels are unsent, and the wipe, which
// stops the sync engines first so nothing more goes out under the token.
//
// A wipe can fail: another tab opened a newer version of the database (this
// tab's connection is then closed for good), or IndexedDB refuses. The user is
// signed out anyway, but it is not a clean logout: they are told (the navbar
// shows ./device-wipe.ts's WIPE_PENDING_ALERT), and a marker in the origin's storage
// (LOCAL_KEYS.pendingWipe, the email whose data it is) makes the next start of the app finish the
// wipe before anything is rendered (finishPendingWipe, from src/main.tsx).
// The wipe itself is ./device-wipe.ts, loaded only when it runs.
import type { DeviceData, UnsentWarning } from '#features/auth/device-data'
import { LOCAL_KEYS, localStore } from '#shared/storage/browser-storage'
import { confirmDialog } from '#shared/ui/feedback'
import { stopSyncEngines } from './sync-engines'

const deviceWipe = () => import('./device-wipe')

/** The email whose wipe is pending, if any. */
export function pendingWipe(): string | null {
  return localStore.get(LOCAL_KEYS.pendingWipe)
}

/**
 * At start: finishes a wipe the last log out could not do. Resolves once it
 * is done, or once it failed again (the marker stays for the start after).
 */
export async function finishPendingWipe(): Promise<void> {
  const email = pendingWipe()
  if (email === null) return
  await (await deviceWipe()).finishWipe(email)
}

/** How the app asks whether to log out with unsent writes: its own dialog (the auth session opens none). */
export function confirmLogOut(warning: UnsentWarning): Promise<boolean> {
  return confirmDialog({ ...warning, confirmLabel: 'Log out anyway', cancelLabel: 'Stay logged in', danger: true })
}

export const deviceData: DeviceData = {
  unsentWarning: async (email) => (await import('./outbox-engine')).unsentWarning(email),
  wipe: async (email) => {
    stopSyncEngines()
    await (await deviceWipe()).wipeOrMark(email)
  },
}
