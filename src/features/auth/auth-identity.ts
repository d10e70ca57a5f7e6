// The identity provider's interface (docs/decisions/0004-identity-by-provider-uid.md):
// types only. They live apart from the module that picks the implementation
// (./auth-gateway.ts), so the implementations import them without importing
// their own loader.

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
  /**
   * Mails a link to choose a new password to `email`, if an account has it
   * (live: Firebase's own mail; demo: the demo mailbox). Resolves either way:
   * whether an account exists is not told.
   */
  sendPasswordReset(email: string): Promise<void>
  /** Mails the signed-in identity a link that verifies its email. */
  sendEmailVerification(): Promise<void>
}
