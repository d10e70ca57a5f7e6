// A live build talks to a Firebase Auth emulator only when it was built with
// VITE_FIREBASE_AUTH_EMULATOR (the browser tests' live build is); a
// production build names none and so never connects to one. `npm run bench`
// checks the other half: a production live build's files hold no loopback
// address at all.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFirebaseAuthGateway } from './firebase-auth-gateway'

const fake = vi.hoisted(() => ({ connectAuthEmulator: vi.fn(), auth: { name: 'auth-under-test' } }))

vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  // Nothing here signs in: the gateway only has to be made.
  initializeAuth: () => fake.auth,
  connectAuthEmulator: fake.connectAuthEmulator,
}))

const CONFIG = { apiKey: 'key', authDomain: 'demo-test.firebaseapp.com', projectId: 'demo-test', appId: '1:0:web:0' }

describe('the Firebase gateway and the Auth emulator', () => {
  beforeEach(() => {
    fake.connectAuthEmulator.mockReset()
    vi.unstubAllEnvs()
  })

  it('connects to no emulator when the build names none', () => {
    vi.stubEnv('VITE_FIREBASE_AUTH_EMULATOR', '')
    createFirebaseAuthGateway({ appName: 'production-like', config: CONFIG })
    expect(fake.connectAuthEmulator).not.toHaveBeenCalled()
  })

  it('connects to the emulator the build names', () => {
    vi.stubEnv('VITE_FIREBASE_AUTH_EMULATOR', 'http://127.0.0.1:9399')
    createFirebaseAuthGateway({ appName: 'emulator-build', config: CONFIG })
    expect(fake.connectAuthEmulator).toHaveBeenCalledExactlyOnceWith(fake.auth, 'http://127.0.0.1:9399', {
      disableWarnings: true,
    })
  })
})
