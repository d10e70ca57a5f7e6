// What the conformance suite knows of a server under test: where its REST API
// answers, how to put its data back to the seed, and how to get the identity
// provider's ID tokens for an email. Everything else the suite does over HTTP,
// so one suite runs unchanged against the demo server and the API server
// (docs/testing.md#conformance-suite).

import type { Store } from '#core/store'

export type TargetName = 'demo' | 'pglite' | 'postgres'

export interface Target {
  name: TargetName
  /** The REST API's base, ending in `/api` (no trailing slash). */
  baseUrl: string
  /** Where the paths the API answers (a material's `/api/files/…`) resolve. */
  origin: string
  /**
   * True when the identity provider already holds an identity for every seeded
   * user (the demo provider does); false when it starts empty and seeded users
   * get their provider accounts at their first sign-in (Firebase).
   */
  seededUsersHaveIdentities: boolean
  /** Starts the server; called once before the suite. */
  start(): Promise<void>
  /** Stops it and frees what it holds; called once after the suite. */
  stop(): Promise<void>
  /** Puts the data back to the seed and forgets every identity created since. */
  reset(): Promise<void>
  /**
   * An ID token of the provider for `email`: for a seeded user, one the
   * provider vouches for (a verified email); for an identity made with
   * `signUpNew`, that identity's own.
   */
  idTokenFor(email: string): Promise<string>
  /**
   * Signs in to the provider again, as the user would after being signed out (a
   * new sign-in, not a renewal of the last one): its ID token, which idTokenFor
   * answers from then on.
   */
  signInAgain(email: string): Promise<string>
  /** Registers a new password identity with the provider. Throws ProviderRefusal when the provider says no. */
  signUpNew(email: string, name: string): Promise<{ idToken: string }>
  /**
   * The provider vouches for the email of the identity made with `signUpNew`
   * (its owner followed the verification link); a fresh ID token of it.
   */
  verifyEmail(email: string): Promise<string>
  /**
   * The provider's admin deletes the identity of `email`, and a new identity
   * of the same email, verified, signs in: an ID token of the new one.
   */
  replaceWithVerified(email: string): Promise<string>
  /** The provider's admin disables the identity of `email` (made by `signUpNew` or `idTokenFor`). */
  disable(email: string): Promise<void>
  /**
   * Hands the request to the server's own handler as it is. Node's fetch
   * overwrites the fetch metadata a browser sends (Sec-Fetch-Mode), so a
   * browser's navigation or form post can only be replayed this way.
   */
  handleExactly(request: Request): Promise<Response>
  /**
   * The server's own store, for the few tests that need a row the API no
   * longer accepts (one written before a rule existed); everything else goes
   * through HTTP.
   */
  store(): Store
  /**
   * Every mail the server has sent since the last reset, oldest first, as its
   * recipient's mail server received it (the API server: an SMTP server in this
   * process; the demo server: its mailbox). Waits until the deliveries queued
   * so far are done (sent or failed), so a test reads what a change made.
   */
  sentMail(): Promise<SentMail[]>
}

/** One mail as received, raw: tests parse it (mailparser) as any mail client would. */
export interface SentMail {
  to: string
  /** The whole message, RFC 5322 (headers, parts, attachments). */
  raw: string
}

/** The identity provider refused a sign-up or sign-in (an email in use, a bad password). */
export class ProviderRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`)
    this.name = 'ProviderRefusal'
  }
}

/** The one password of every identity the harness creates or signs in with. */
export { DEMO_ACCOUNT_PASSWORD as HARNESS_PASSWORD } from '#contract/demo-identity'
