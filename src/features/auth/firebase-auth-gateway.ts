// The live build's auth gateway: Firebase Auth. Loaded with import() from
// auth-gateway.ts, so neither the first paint nor a demo build pays for it.
//
// initializeAuth with IndexedDB persistence instead of getAuth(): getAuth()
// also installs the popup/redirect resolver, which loads Google's iframe
// script up front. The resolver is passed only to signInWithPopup, so that
// script loads when someone presses the Google button.
//
// The popup is 500×600 (docs/product.md#constants): that is the SDK's own size for it (the
// popup resolver opens every provider window at DEFAULT_WIDTH 500 ×
// DEFAULT_HEIGHT 600 and offers no option to change it), so nothing here sets
// it and nothing can override it short of replacing the resolver.
import { getApp, getApps, initializeApp, type FirebaseOptions } from 'firebase/app'
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type Auth,
  type Persistence,
  type User,
} from 'firebase/auth'
import { AuthError, toAuthError } from './auth-errors'
import type { AuthGateway, AuthIdentity } from './auth-identity'

export interface FirebaseGatewayOptions {
  config?: FirebaseOptions
  /** Tests use inMemoryPersistence; the app keeps the user in IndexedDB. */
  persistence?: Persistence
  /** An Auth emulator (or a test double of one); VITE_FIREBASE_AUTH_EMULATOR in a build. */
  emulatorUrl?: string
  /** A separate Firebase app instance (tests create several). */
  appName?: string
}

function configFromEnv(): FirebaseOptions {
  const env = import.meta.env
  return {
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    appId: env.VITE_FIREBASE_APP_ID,
  }
}

function toIdentity(user: User | null): AuthIdentity | null {
  if (!user) return null
  return { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL }
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw toAuthError(error)
  }
}

export function createFirebaseAuthGateway(options: FirebaseGatewayOptions = {}): AuthGateway {
  const appName = options.appName ?? '[DEFAULT]'
  const app = getApps().some((a) => a.name === appName)
    ? getApp(appName)
    : initializeApp(options.config ?? configFromEnv(), appName)
  const auth: Auth = initializeAuth(app, { persistence: options.persistence ?? indexedDBLocalPersistence })
  const emulatorUrl = options.emulatorUrl ?? import.meta.env.VITE_FIREBASE_AUTH_EMULATOR
  // Only a build that names an emulator (and the unit tests) carries its code: about 1 KiB of gzip.
  if (emulatorUrl && (import.meta.env.VITE_FIREBASE_AUTH_EMULATOR || import.meta.env.MODE === 'test')) {
    connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true })
  }

  const signedIn = (): User => {
    if (!auth.currentUser) throw new AuthError('auth/no-current-user')
    return auth.currentUser
  }

  return {
    signUp: (email, password) =>
      guard(async () => toIdentity((await createUserWithEmailAndPassword(auth, email, password)).user)!),
    signIn: (email, password) =>
      guard(async () => toIdentity((await signInWithEmailAndPassword(auth, email, password)).user)!),
    signInWithGoogle: () =>
      guard(async () => {
        const provider = new GoogleAuthProvider()
        provider.setCustomParameters({ prompt: 'select_account' })
        return toIdentity((await signInWithPopup(auth, provider, browserPopupRedirectResolver)).user)!
      }),
    updateProfile: (profile) =>
      guard(async () => {
        const user = signedIn()
        await updateProfile(user, profile)
        return toIdentity(user)!
      }),
    signOut: () => guard(() => signOut(auth)),
    onAuthStateChanged: (callback) => onAuthStateChanged(auth, (user) => callback(toIdentity(user))),
    getIdToken: () => guard(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null)),
    // Firebase's own mail, from its own pages. A project with email enumeration protection answers every email
    // alike; one without it refuses an unknown email, which is answered here as any other: an account is not told.
    sendPasswordReset: (email) =>
      guard(async () => {
        try {
          await sendPasswordResetEmail(auth, email)
        } catch (error) {
          if ((error as { code?: unknown } | null)?.code !== 'auth/user-not-found') throw error
        }
      }),
    sendEmailVerification: () => guard(() => sendEmailVerification(signedIn())),
  }
}
