// The seeded demo accounts as password accounts in an Auth emulator, with
// verified emails, so the API server binds them to the seeded users at their
// first sign-in as it would after a real provider verified them. Used by the
// `live` browser tests' stack (./live-stack.ts) and by `npm run bench`, which
// signs each role in on a live build (bench/serve-build.mjs).
import { DEMO_ACCOUNT_PASSWORD, DEMO_ACCOUNTS } from '../../../src/contract/demo-identity'
import { LIVE_FIREBASE_PROJECT_ID } from './live-build-env'

/** The emulator's REST API, as the Firebase SDK and its admin callers use it (any API key; `Bearer owner` is admin). */
async function emulatorCall(
  host: string,
  path: string,
  body: unknown,
  admin = false,
): Promise<Record<string, unknown>> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(admin ? { Authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`The Auth emulator refused ${path}: ${JSON.stringify(answer)}`)
  return answer
}

/** `host` is the emulator's host:port (FIREBASE_AUTH_EMULATOR_HOST). */
export async function addDemoAccounts(host: string): Promise<void> {
  for (const { email } of DEMO_ACCOUNTS) {
    const { localId } = await emulatorCall(host, '/accounts:signUp?key=e2e', {
      email,
      password: DEMO_ACCOUNT_PASSWORD,
      returnSecureToken: true,
    })
    await emulatorCall(
      host,
      `/projects/${LIVE_FIREBASE_PROJECT_ID}/accounts:update`,
      { localId, emailVerified: true },
      true,
    )
  }
}
