// The identity-provider port: turns an ID token into a verified identity, or
// nothing. The API server's is Firebase Auth through firebase-admin
// (server/identity/firebase-identity.ts); the demo server's is its own demo
// provider (mocks/demo-identity-verifier.ts). POST /jwt issues an app token only
// against such a proof, and binds the user record to `uid` at the first sign-in
// (docs/decisions/0004-identity-by-provider-uid.md).

export interface VerifiedIdentity {
  /** The provider's account id: the only thing that opens a bound user record. */
  uid: string
  email: string
  /** Whether the provider vouches for the email (Google sign-in does; a fresh password account does not). */
  emailVerified: boolean
  name: string | null
  picture: string | null
  /**
   * When its holder last proved who they are to the provider (seconds since
   * 1970): a password typed or a Google account chosen. It stays the same
   * while the provider's session renews its ID tokens, so a sign-in from
   * before a sign-out of every device is known by it.
   */
  authTime: number
}

export interface IdentityVerifier {
  /** The identity of a valid, unexpired ID token for this app; null for anything else. */
  verify(idToken: string): Promise<VerifiedIdentity | null>
}
