// The client session (docs/product.md#states) as a small engine, not a
// React state machine: it listens to the identity provider (the gateway),
// exchanges the provider's ID token for the app token (POST /jwt), asks the
// server for the role, and publishes the result as data, the query entry
// ['auth', 'user'] (./user-query.ts). Screens read that entry; nothing here
// is React state.
//
// Storage: the app token and the last role live behind one store
// (#shared/api/credentials), where the HTTP client reads the token for every
// call. The token is written once the role and token calls succeed and
// removed whenever there is no identity or the server refuses either call.
// The last role the server gave is kept with its email, so that a start
// without a network is not a refusal: with no answer at all the session
// keeps that role and the stored token, and asks again when the connection
// returns. The identity itself is kept by the provider (Firebase's IndexedDB,
// or the demo gateway's own key).
//
// Who wins when changes overlap (a sign-in and a sign-out, another tab's
// sign-in): the identity the provider reported last. A round of role and
// token calls for an identity that is no longer the latest publishes nothing.
// The provider's own notification and an action's hand-off of the same
// identity share one round.
//
// The device's personal data (the outbox, notes, kept materials) is the app's:
// logging out asks it, through DeviceData (./device-data.ts), what to warn of
// when writes are unsent, and to wipe itself. The auth feature knows no more of
// it, and opens no dialog: the app passes in how the question is asked
// (`confirmLogOut`).
import type { Role } from '#contract/entities'
import { ApiError } from '#shared/api/api-error'
import { whenApiReady } from '#shared/api/api-ready'
import { credentials } from '#shared/api/credentials'
import { api } from '#shared/api/http-client'
import { deviceTimeZone } from '#shared/format/device-time-zone'
import { LOCAL_KEYS, onLocalChange } from '#shared/storage/browser-storage'
import { AuthError } from './auth-errors'
import type { AuthGateway, AuthIdentity } from './auth-identity'
import type { DeviceData, UnsentWarning } from './device-data'
import type { SignedInUser } from './user-query'

const DEFAULT_ROLE: Role = 'student'

export interface SignUpInput {
  name: string
  email: string
  password: string
  photoURL?: string
}

/**
 * How a log out ended: `stayed` (the user chose to keep unsent writes),
 * `logged-out`, or `wipe-pending` (signed out, but the device's data could
 * not be deleted yet: the app finishes that at its next start).
 */
export type LogOutResult = 'stayed' | 'logged-out' | 'wipe-pending'

export interface AuthSessionOptions {
  loadGateway: () => Promise<AuthGateway>
  /** Writes who is signed in (the ['auth','user'] entry). */
  publish: (user: SignedInUser | null) => void
  /** The app's personal data on this device; absent, logging out has nothing to wipe. */
  device?: DeviceData
  /**
   * Asks the user whether to log out although writes are unsent (the device's
   * warning); true: log out. Without it such a log out does not happen.
   */
  confirmLogOut?: (warning: UnsentWarning) => Promise<boolean>
  /** After a log out that the user asked for: the app clears its caches. */
  onSignedOut?: () => void
  /** The provider no longer vouches for the user (a dead token): they were signed out without asking. */
  onSessionEnded?: () => void
}

export interface AuthSession {
  /** Listens to the provider and to the connection; returns the stop. */
  start(): () => void
  signIn(email: string, password: string): Promise<void>
  signUp(input: SignUpInput): Promise<void>
  signInWithGoogle(): Promise<void>
  logOut(): Promise<LogOutResult>
  /** Signs out of every device at the server, then logs out here. */
  signOutEverywhere(): Promise<LogOutResult>
  /** A fresh app token for the HTTP client's retry after a 401, or null. */
  renewToken(): Promise<string | null>
  /** The provider mails a link to choose a new password, if an account has the email; resolves either way. */
  sendPasswordReset(email: string): Promise<void>
  /** The provider mails the signed-in user a link that verifies their email. */
  sendEmailVerification(): Promise<void>
}

function toRole(value: unknown): Role {
  return value === 'admin' || value === 'tutor' || value === 'student' ? value : DEFAULT_ROLE
}

/**
 * The bearer of a call made while signing up: the stored app token when one
 * exists, else the provider's ID token (a new account has no app token yet).
 */
function appTokenOr(idToken: string | null): string | undefined {
  return credentials.token() ? undefined : (idToken ?? undefined)
}

/** No answer at all (offline, server unreachable): not a refusal. */
function isUnreachable(err: unknown): boolean {
  return (
    (err instanceof ApiError && err.isNetworkError) ||
    (err instanceof AuthError && err.code === 'auth/network-request-failed')
  )
}

const asUser = (identity: AuthIdentity, role: Role): SignedInUser => ({
  uid: identity.uid,
  email: identity.email,
  displayName: identity.displayName,
  photoURL: identity.photoURL,
  role,
})

export function createAuthSession({
  loadGateway,
  publish,
  device,
  confirmLogOut,
  onSignedOut,
  onSessionEnded,
}: AuthSessionOptions): AuthSession {
  let gatewayPromise: Promise<AuthGateway> | null = null
  /** For a visitor's session (start()): listens to the provider once an action has loaded it. */
  let whenLoaded: (() => void) | null = null
  const gateway = () => {
    if (!gatewayPromise) {
      gatewayPromise = loadGateway()
      const listen = whenLoaded
      whenLoaded = null
      listen?.()
    }
    return gatewayPromise
  }

  /** The identity the provider (or an action) reported last; undefined before the first report. */
  let latest: AuthIdentity | null | undefined
  /** The round of role and token calls under way, and whose. */
  let round: { uid: string; done: Promise<void> } | null = null
  // While an account is being created, the identity exists before its user
  // record does (POST /users has not run yet): role lookups wait for this.
  let registering: Promise<AuthIdentity | null> | null = null
  // The identity whose role and token could not be fetched for want of a network.
  let unreachable: AuthIdentity | null = null

  async function resolve(identity: AuthIdentity): Promise<SignedInUser> {
    if (registering) {
      const registered = await registering.catch(() => null)
      if (registered && registered.uid === identity.uid) identity = registered
    }
    const email = identity.email
    if (!email) {
      credentials.setToken(null)
      return asUser(identity, DEFAULT_ROLE)
    }
    unreachable = null
    try {
      const idToken = await (await gateway()).getIdToken()
      if (!idToken) throw new Error('The identity provider gave no ID token')
      await whenApiReady()
      // The provider's proof travels in POST /jwt's body; every call carries the
      // stored app token as its bearer, so the role is asked for with the new one.
      // The browser's zone: the user's until they have one (the server keeps only a first).
      const timeZone = deviceTimeZone()
      const { token } = await api('issueToken', { body: { email, idToken, ...(timeZone && { timeZone }) } })
      credentials.setToken(token)
      const record = await api('getUser', { params: { email } })
      const role = toRole(record.role)
      credentials.setRole(email, role)
      return asUser(identity, role)
    } catch (err) {
      console.log('AuthProvider error', err)
      if (isUnreachable(err)) {
        // Offline is not a refusal: keep what the server said last, ask again once online.
        unreachable = identity
        return asUser(identity, toRole(credentials.roleOf(email)))
      }
      credentials.setToken(null)
      credentials.forgetRole()
      return asUser(identity, DEFAULT_ROLE)
    }
  }

  /** The provider reported `identity`: work out the session and publish it, unless a later report came. */
  function handle(identity: AuthIdentity | null, again = false): Promise<void> {
    latest = identity
    if (!identity) {
      round = null
      unreachable = null
      credentials.markSignedIn(false)
      credentials.setToken(null)
      publish(null)
      return Promise.resolve()
    }
    credentials.markSignedIn(true)
    if (!again && round?.uid === identity.uid) return round.done
    const done = resolve(identity).then((user) => {
      if (latest?.uid === identity.uid) publish(user)
      // Signed out meanwhile: the token this round stored is not the next person's.
      else if (latest === null) credentials.setToken(null)
    })
    const mine = { uid: identity.uid, done }
    round = mine
    void done.finally(() => {
      if (round === mine) round = null
    })
    return done
  }

  /** How many times the provider has reported an identity. */
  let reports = 0

  /** The provider reported a change (this tab's action, another tab's, or its own). */
  function report(identity: AuthIdentity | null): Promise<void> {
    // No one, as already published: the first report of a provider loaded only
    // now, for a visitor (start()). Not a change, so an action under way is not
    // told that someone else reported since it began.
    if (identity === null && latest === null) return Promise.resolve()
    reports += 1
    return handle(identity)
  }

  /**
   * An action hands over the identity it signed in, so it resolves once the
   * session is published; unless the provider has reported someone else
   * since the action began (another tab): the later report wins.
   */
  async function handOver(identity: AuthIdentity, reportsBefore: number): Promise<void> {
    if (reports > reportsBefore && latest?.uid !== identity.uid) return round?.done
    return handle(identity)
  }

  /** Runs `register` while role lookups for the new identity wait for it. */
  async function whileRegistering(register: () => Promise<AuthIdentity>): Promise<AuthIdentity> {
    let finish!: (identity: AuthIdentity | null) => void
    registering = new Promise((resolve) => (finish = resolve))
    let identity: AuthIdentity | null = null
    try {
      identity = await register()
      return identity
    } finally {
      finish(identity)
      registering = null
    }
  }

  async function signIn(email: string, password: string): Promise<void> {
    const gw = await gateway()
    const before = reports
    await handOver(await gw.signIn(email, password), before)
  }

  // The ways to make an account run only from the register screen and the
  // Google button: their code loads with them (./auth-registration.ts).
  async function signUp(input: SignUpInput): Promise<void> {
    const gw = await gateway()
    const before = reports
    const { registerWithPassword } = await import('./auth-registration')
    await handOver(await whileRegistering(() => registerWithPassword(gw, input, appTokenOr)), before)
  }

  async function signInWithGoogle(): Promise<void> {
    const gw = await gateway()
    const before = reports
    const { registerWithGoogle } = await import('./auth-registration')
    await handOver(await whileRegistering(() => registerWithGoogle(gw, appTokenOr)), before)
  }

  /** Whether the user may be signed out here: yes, unless they have unsent writes and choose to stay. */
  async function mayLeave(email: string | null | undefined): Promise<boolean> {
    if (!email || !device) return true
    const unsent = await device.unsentWarning(email).catch(() => null)
    if (!unsent) return true
    // The question is the app's to ask (this engine opens no dialog); without one, the user stays.
    return Boolean(await confirmLogOut?.(unsent))
  }

  async function logOut(): Promise<LogOutResult> {
    const email = latest?.email
    if (!(await mayLeave(email))) return 'stayed'
    return signOutHere(email)
  }

  /**
   * Ends every sign-in of the user at the server (every device's, this one's
   * too), then logs out here as logOut does. The unsent-writes question comes
   * first, since once the server has answered this device's session is over
   * either way; a refusal or no answer throws, and nothing changes here.
   */
  async function signOutEverywhere(): Promise<LogOutResult> {
    const email = latest?.email
    if (!(await mayLeave(email))) return 'stayed'
    await api('signOutEverywhere')
    return signOutHere(email)
  }

  /** Signs out of the provider on this device and wipes the user's data from it. */
  async function signOutHere(email: string | null | undefined): Promise<LogOutResult> {
    await (await gateway()).signOut()
    credentials.forgetRole()
    // The app clears its caches before the signed-out state is written, so that state is what stays.
    onSignedOut?.()
    await handle(null)
    // Nothing of theirs stays: the app stops its sync engines and wipes the device.
    if (email && device) {
      try {
        await device.wipe(email)
      } catch (err) {
        console.log('AuthProvider error', err)
        return 'wipe-pending'
      }
    }
    return 'logged-out'
  }

  /** The provider no longer vouches for this user: signed out, their device data kept for their return. */
  async function endSession(): Promise<null> {
    if (!latest) return null
    // Told first, so the way back to /login is taken from where they were, not from a guard's redirect.
    onSessionEnded?.()
    await gateway()
      .then((gw) => gw.signOut())
      .catch((err: unknown) => console.log('AuthProvider error', err))
    await handle(null)
    return null
  }

  async function renewToken(): Promise<string | null> {
    const email = latest?.email
    if (!email) return null
    let idToken: string | null
    try {
      idToken = await (await gateway()).getIdToken()
    } catch (err) {
      // The provider could not be asked (offline): not the end of the session.
      if (isUnreachable(err)) return null
      return endSession()
    }
    if (!idToken) return endSession()
    try {
      const { token } = await api('issueToken', { body: { email, idToken } })
      credentials.setToken(token)
      return token
    } catch (err) {
      // The server refuses the provider's proof: the session is over. Anything else may pass.
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return endSession()
      return null
    }
  }

  function start(): () => void {
    let active = true
    let unsubscribe: (() => void) | undefined
    const listen = () =>
      gateway().then(
        (gw) => {
          if (active && !unsubscribe) unsubscribe = gw.onAuthStateChanged((identity) => void report(identity))
        },
        (err: unknown) => {
          // The gateway's code could not load (offline on a first visit): no one is signed in.
          console.log('AuthProvider error', err)
          if (active) void handle(null)
        },
      )
    // A visitor: no one signed in, said at once, and the provider's code is
    // loaded only when it is needed (./auth-gateway.ts): for a sign-in (any
    // action loads it, and this listens from then on), or when another tab
    // signs someone in (its mark reaches this tab's storage): loading it is
    // what starts the listening (whenLoaded), whoever loads it.
    let stopFollowingMark: (() => void) | undefined
    if (credentials.maySignIn()) void listen()
    else {
      void handle(null)
      whenLoaded = listen
      stopFollowingMark = onLocalChange(LOCAL_KEYS.signedIn, (mark) => {
        if (mark !== null) void gateway()
      })
    }
    // The connection is back: fetch the role and token that could not be fetched.
    const onOnline = () => {
      if (unreachable && latest?.uid === unreachable.uid) void handle(unreachable, true)
    }
    window.addEventListener('online', onOnline)
    return () => {
      active = false
      whenLoaded = null
      unsubscribe?.()
      window.removeEventListener('online', onOnline)
      stopFollowingMark?.()
    }
  }

  return {
    start,
    signIn,
    signUp,
    signInWithGoogle,
    logOut,
    signOutEverywhere,
    renewToken,
    sendPasswordReset: async (email) => (await gateway()).sendPasswordReset(email),
    sendEmailVerification: async () => (await gateway()).sendEmailVerification(),
  }
}
