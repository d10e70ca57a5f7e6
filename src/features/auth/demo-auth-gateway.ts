// The demo build's auth gateway: the identity provider hosted by the demo
// server (src/contract/demo-identity.ts), called with plain fetch. Only a demo
// build loads this module; a live build never bundles it.
//
// Storage: the signed-in identity and its ID token are kept under the origin's
// demo identity key (#shared/storage/browser-storage), as Firebase keeps its
// own user, so a reload stays signed in and every tab sees a sign-in or
// sign-out.
import {
  DEMO_IDP_BASE,
  demoIdpPaths,
  type DemoEmailBody,
  type DemoGoogleAccounts,
  type DemoGoogleBody,
  type DemoIdpError,
  type DemoIdpSession,
  type DemoSignInBody,
  type DemoSignUpBody,
  type DemoUpdateProfileBody,
} from '#contract/demo-identity'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/headers'
import { whenApiReady } from '#shared/api/api-ready'
import { LOCAL_KEYS, localStore, onLocalChange } from '#shared/storage/browser-storage'
import { AuthError } from './auth-errors'
import type { AuthGateway, AuthIdentity } from './auth-identity'
import { chooseGoogleAccount } from './components/google-account-picker'

type Stored = DemoIdpSession

function readStored(raw: string | null = localStore.get(LOCAL_KEYS.demoIdentity)): Stored | null {
  if (!raw) return null
  try {
    const parsed = JSON.parse(raw) as Partial<Stored>
    return parsed && typeof parsed.idToken === 'string' && parsed.user?.uid ? (parsed as Stored) : null
  } catch {
    return null
  }
}

function toIdentity(stored: Stored | null): AuthIdentity | null {
  if (!stored) return null
  const { uid, email, displayName, photoURL } = stored.user
  return { uid, email, displayName: displayName ?? null, photoURL: photoURL ?? null }
}

async function call<T>(path: string, body?: unknown, idToken?: string): Promise<T> {
  await whenApiReady()
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    headers[CLIENT_HEADER] = CLIENT_HEADER_VALUE
  }
  if (idToken) headers.Authorization = `Bearer ${idToken}`
  let response: Response
  try {
    response = await fetch(new URL(DEMO_IDP_BASE + path, globalThis.location.origin), {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new AuthError('auth/network-request-failed')
  }
  // Anything but JSON is not the demo server answering (an uncontrolled page
  // gets the app's HTML): as good as no network.
  if (!/\bjson\b/i.test(response.headers.get('content-type') ?? '')) throw new AuthError('auth/network-request-failed')
  const data = (await response.json()) as unknown
  if (!response.ok) {
    const error = data as Partial<DemoIdpError> | null
    throw new AuthError(typeof error?.code === 'string' ? error.code : 'auth/unknown', error?.message)
  }
  return data as T
}

export function createDemoAuthGateway(): AuthGateway {
  const listeners = new Set<(identity: AuthIdentity | null) => void>()

  const emit = () => {
    const identity = toIdentity(readStored())
    for (const listener of listeners) listener(identity)
  }
  const store = (session: Stored | null) => {
    localStore.set(LOCAL_KEYS.demoIdentity, session && JSON.stringify(session))
    emit()
    return toIdentity(session)
  }
  // Another tab signed in or out.
  onLocalChange(LOCAL_KEYS.demoIdentity, emit)

  const current = () => {
    const stored = readStored()
    if (!stored) throw new AuthError('auth/no-current-user')
    return stored
  }

  return {
    async signUp(email, password) {
      const body: DemoSignUpBody = { email, password }
      return store(await call<Stored>(demoIdpPaths.signUp, body))!
    },
    async signIn(email, password) {
      const body: DemoSignInBody = { email, password }
      return store(await call<Stored>(demoIdpPaths.signIn, body))!
    },
    async signInWithGoogle() {
      const { accounts } = await call<DemoGoogleAccounts>(demoIdpPaths.googleAccounts)
      const choice = await chooseGoogleAccount(accounts)
      if (!choice) throw new AuthError('auth/popup-closed-by-user')
      const body: DemoGoogleBody = { email: choice.email }
      if (choice.displayName) body.displayName = choice.displayName
      if (choice.photoURL) body.photoURL = choice.photoURL
      return store(await call<Stored>(demoIdpPaths.google, body))!
    },
    async updateProfile(profile) {
      const { idToken } = current()
      const body: DemoUpdateProfileBody = profile
      const session = await call<Stored>(demoIdpPaths.updateProfile, body, idToken)
      // Firebase does not report a profile change as an auth state change; neither do we.
      localStore.set(LOCAL_KEYS.demoIdentity, JSON.stringify(session))
      return toIdentity(session)!
    },
    async signOut() {
      store(null)
    },
    onAuthStateChanged(callback) {
      listeners.add(callback)
      // Like Firebase: the current state arrives soon after subscribing, never synchronously.
      queueMicrotask(() => {
        if (listeners.has(callback)) callback(toIdentity(readStored()))
      })
      return () => listeners.delete(callback)
    },
    async getIdToken() {
      return readStored()?.idToken ?? null
    },
    // The demo provider mails into the demo mailbox, and answers alike whether or not the email has an account.
    async sendPasswordReset(email) {
      const body: DemoEmailBody = { email }
      await call(demoIdpPaths.sendPasswordReset, body)
    },
    async sendEmailVerification() {
      await call(demoIdpPaths.sendEmailVerification, {}, current().idToken)
    },
  }
}
