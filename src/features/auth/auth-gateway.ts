// The one door to the identity provider (docs/decisions/0004-identity-by-provider-uid.md). The app
// talks to this interface only; which implementation stands behind it is
// decided when the app is built: Firebase Auth in a live build, the demo
// server's identity provider in a demo build. Each is loaded with import() so
// the first paint pays for neither, and `__DEMO__` (the compile-time constant
// behind IS_DEMO) is tested here directly so the bundler drops the other one.

/** The signed-in identity as the provider reports it (docs/product.md#records). */
export interface AuthIdentity {
  uid: string
  email: string | null
  displayName: string | null
  photoURL: string | null
}

export interface ProfileUpdate {
  displayName?: string | null
  photoURL?: string | null
}

export interface AuthGateway {
  signUp(email: string, password: string): Promise<AuthIdentity>
  signIn(email: string, password: string): Promise<AuthIdentity>
  /** Live: Google's popup. Demo: a local "Choose an account" dialog. */
  signInWithGoogle(): Promise<AuthIdentity>
  /** Updates the signed-in identity and answers it as it now is. */
  updateProfile(profile: ProfileUpdate): Promise<AuthIdentity>
  signOut(): Promise<void>
  /** Calls back with the current identity soon after subscribing, then on every change. */
  onAuthStateChanged(callback: (identity: AuthIdentity | null) => void): () => void
  /** The provider's ID token for the signed-in identity: the proof POST /jwt and friends accept. */
  getIdToken(): Promise<string | null>
}

let loaded: Promise<AuthGateway> | null = null

export function loadAuthGateway(): Promise<AuthGateway> {
  loaded ??= __DEMO__
    ? import('./demo-auth-gateway').then((m) => m.createDemoAuthGateway())
    : import('./firebase-auth-gateway').then((m) => m.createFirebaseAuthGateway())
  return loaded
}
