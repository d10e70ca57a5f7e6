// The client session (docs/product.md#states): who is signed in, their role, and whether
// that is still being worked out. Sign-in state comes from the identity
// provider (the auth gateway); the role and the app's access token come from
// the REST API, which accepts the provider's ID token as proof of the email.
//
// Storage: the app token lives in localStorage under ACCESS_TOKEN_KEY
// ('access-token', docs/product.md#constants), where the HTTP client reads it for every call.
// It is written once the role and token calls succeed and removed whenever
// there is no identity or the server refuses either call. The last role the
// server gave is kept under ROLE_KEY ('studyhub-role', with its email), so
// that a start without a network is not a refusal: with no answer at all the
// session keeps that role and the stored token, and asks again when the
// connection returns. The identity itself is kept by the provider
// (Firebase's IndexedDB, or the demo gateway's localStorage).
//
// Logging out also stops the notes sync engine and clears the device's
// personal data (the notes outbox and notes, downloaded materials, cached
// answers), after a warning when note writes are unsent, so one user's writes
// never go out under another's token. That code and Dexie are loaded on
// demand, never with the first page.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { Role } from '../../contract/entities'
import { ApiError } from '../../shared/api/api-error'
import { api, setTokenRenewer } from '../../shared/api/http-client'
import { whenApiReady } from '../../shared/api/api-ready'
import { ACCESS_TOKEN_KEY } from '../../shared/config/env'
import { confirmDialog } from '../../shared/ui/feedback'
import { AuthError } from './auth-errors'
import { loadAuthGateway, type AuthGateway, type AuthIdentity } from './auth-gateway'
import type { SignedInUser } from './user-query'

export type { AuthIdentity } from './auth-gateway'
export type AppRole = Role

export interface SignUpInput {
  name: string
  email: string
  password: string
  photoURL?: string
}

export interface AuthContextValue {
  user: AuthIdentity | null
  email: string | null
  role: AppRole
  loading: boolean
  signIn(email: string, password: string): Promise<void>
  signUp(input: SignUpInput): Promise<void>
  signInWithGoogle(): Promise<void>
  /** Resolves true once logged out, false when the user chose to stay (unsent note writes). */
  logOut(): Promise<boolean>
}

const DEFAULT_ROLE: AppRole = 'student'

/** The last role the server gave, as JSON `{ email, role }`. */
export const ROLE_KEY = 'studyhub-role'

function rememberRole(email: string, role: AppRole): void {
  localStorage.setItem(ROLE_KEY, JSON.stringify({ email, role }))
}

function rememberedRole(email: string): AppRole | null {
  try {
    const stored = JSON.parse(localStorage.getItem(ROLE_KEY) ?? 'null') as { email?: unknown; role?: unknown } | null
    return stored && stored.email === email ? toRole(stored.role) : null
  } catch {
    return null
  }
}

/**
 * The bearer of a call made while signing up: the stored app token when one
 * exists, else the provider's ID token (a new account has no app token yet).
 */
function appTokenOr(idToken: string | null): string | undefined {
  return localStorage.getItem(ACCESS_TOKEN_KEY) ? undefined : (idToken ?? undefined)
}

/** No answer at all (offline, server unreachable): not a refusal. */
function isUnreachable(err: unknown): boolean {
  return (
    (err instanceof ApiError && err.isNetworkError) ||
    (err instanceof AuthError && err.code === 'auth/network-request-failed')
  )
}

// Loaded on demand: Dexie stays out of the first page.
const loadNoteSync = () => import('../notes/offline/note-sync')
const loadPersonalData = () => import('../notes/offline/personal-data')

export const AuthContext = createContext<AuthContextValue | null>(null)

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>')
  return value
}

interface SessionState {
  user: AuthIdentity | null
  email: string | null
  role: AppRole
  loading: boolean
}

function toRole(value: unknown): AppRole {
  return value === 'admin' || value === 'tutor' || value === 'student' ? value : DEFAULT_ROLE
}

export interface AuthProviderProps {
  children: ReactNode
  /** Tests pass a fake; the app loads the build's gateway. */
  loadGateway?: () => Promise<AuthGateway>
  /** Runs after a successful log out: the app clears its caches here. */
  onSignedOut?: () => void
  /** Runs whenever who is signed in (or their role) is known anew: the app keeps it as data here. */
  onSessionChange?: (user: SignedInUser | null) => void
}

export function AuthProvider({
  children,
  loadGateway = loadAuthGateway,
  onSignedOut,
  onSessionChange,
}: AuthProviderProps) {
  const [session, setSession] = useState<SessionState>({ user: null, email: null, role: DEFAULT_ROLE, loading: true })
  const sessionChangeRef = useRef(onSessionChange)
  useEffect(() => {
    sessionChangeRef.current = onSessionChange
  })
  const { user: identity, role: currentRole, loading: settling } = session
  useEffect(() => {
    if (settling) return
    sessionChangeRef.current?.(
      identity
        ? {
            uid: identity.uid,
            email: identity.email,
            displayName: identity.displayName,
            photoURL: identity.photoURL,
            role: currentRole,
          }
        : null,
    )
  }, [identity, currentRole, settling])

  const gatewayRef = useRef<Promise<AuthGateway> | null>(null)
  const gateway = useCallback(() => (gatewayRef.current ??= loadGateway()), [loadGateway])

  // Each action starts a new epoch. Within one epoch the provider's own
  // notification and the action's explicit hand-off of the same identity
  // share one round of role and token calls.
  const epoch = useRef(0)
  const inFlight = useRef<{ key: string; promise: Promise<void> } | null>(null)
  const latest = useRef(0)
  // While an account is being created, the identity exists before its user
  // record does (POST /users has not run yet): role lookups wait for this.
  const registering = useRef<Promise<AuthIdentity | null> | null>(null)
  // The identity whose role and token could not be fetched for want of a network.
  const unreachable = useRef<AuthIdentity | null>(null)
  const sessionRef = useRef(session)
  useEffect(() => {
    sessionRef.current = session
  })
  const signedOutRef = useRef(onSignedOut)
  useEffect(() => {
    signedOutRef.current = onSignedOut
  })

  // How the HTTP client renews an expired app token: a fresh ID token, then POST /jwt.
  useEffect(() => {
    setTokenRenewer(async () => {
      const email = sessionRef.current.email
      const idToken = email ? await (await gateway()).getIdToken() : null
      if (!email || !idToken) return null
      const { token } = await api('issueToken', { body: { email, idToken } })
      localStorage.setItem(ACCESS_TOKEN_KEY, token)
      return token
    })
    return () => setTokenRenewer(null)
  }, [gateway])

  const resolveSession = useCallback(
    async (identity: AuthIdentity | null): Promise<Omit<SessionState, 'loading'>> => {
      if (!identity) {
        localStorage.removeItem(ACCESS_TOKEN_KEY)
        return { user: null, email: null, role: DEFAULT_ROLE }
      }
      const pending = registering.current
      if (pending) {
        const registered = await pending.catch(() => null)
        if (registered && registered.uid === identity.uid) identity = registered
      }
      const email = identity.email
      if (!email) {
        localStorage.removeItem(ACCESS_TOKEN_KEY)
        return { user: identity, email: null, role: DEFAULT_ROLE }
      }
      unreachable.current = null
      try {
        const gw = await gateway()
        const idToken = await gw.getIdToken()
        if (!idToken) throw new Error('The identity provider gave no ID token')
        await whenApiReady()
        // The provider's proof travels in POST /jwt's body; every call carries the
        // stored app token as its bearer, so the role is asked for with the new one.
        const { token } = await api('issueToken', { body: { email, idToken } })
        localStorage.setItem(ACCESS_TOKEN_KEY, token)
        const record = await api('getUser', { params: { email } })
        const role = toRole(record.role)
        rememberRole(email, role)
        return { user: identity, email, role }
      } catch (err) {
        console.log('AuthProvider error', err)
        if (isUnreachable(err)) {
          // Offline is not a refusal: keep what the server said last, ask again once online.
          unreachable.current = identity
          return { user: identity, email, role: rememberedRole(email) ?? DEFAULT_ROLE }
        }
        localStorage.removeItem(ACCESS_TOKEN_KEY)
        localStorage.removeItem(ROLE_KEY)
        return { user: identity, email, role: DEFAULT_ROLE }
      }
    },
    [gateway],
  )

  const handleIdentity = useCallback(
    (identity: AuthIdentity | null): Promise<void> => {
      const key = `${epoch.current}|${identity?.uid ?? ''}`
      if (inFlight.current?.key === key) return inFlight.current.promise
      const ticket = ++latest.current
      const promise = resolveSession(identity).then((next) => {
        // A later change has been seen meanwhile: it decides the state.
        if (ticket === latest.current) setSession({ ...next, loading: false })
      })
      inFlight.current = { key, promise }
      return promise
    },
    [resolveSession],
  )

  useEffect(() => {
    let unsubscribe: (() => void) | undefined
    let active = true
    gateway().then(
      (gw) => {
        if (active) unsubscribe = gw.onAuthStateChanged((identity) => void handleIdentity(identity))
      },
      (err: unknown) => {
        // The gateway's code could not load (offline on a first visit): no one is signed in.
        console.log('AuthProvider error', err)
        if (active) void handleIdentity(null)
      },
    )
    return () => {
      active = false
      unsubscribe?.()
    }
  }, [gateway, handleIdentity])

  // The connection is back: fetch the role and token that could not be fetched.
  useEffect(() => {
    const onOnline = () => {
      const identity = unreachable.current
      if (!identity) return
      epoch.current += 1
      void handleIdentity(identity)
    }
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
  }, [handleIdentity])

  // The notes outbox is sent only for the signed-in user, and again after each
  // new role and token (a 401 leaves entries queued until then).
  const signedInEmail = session.loading ? null : session.email
  useEffect(() => {
    if (!signedInEmail) return
    let cancelled = false
    let stop: (() => void) | undefined
    loadNoteSync().then(
      (sync) => {
        if (cancelled) return
        sync.startNoteSync(signedInEmail)
        stop = sync.stopNoteSync
      },
      (err: unknown) => console.log('AuthProvider error', err),
    )
    return () => {
      cancelled = true
      stop?.()
    }
  }, [signedInEmail])
  useEffect(() => {
    if (!signedInEmail) return
    let cancelled = false
    // A fresh token (e.g. after coming back online): send what a 401 left queued.
    void loadNoteSync().then(
      (sync) => {
        if (!cancelled) sync.startNoteSync(signedInEmail)
      },
      () => undefined,
    )
    return () => {
      cancelled = true
    }
  }, [signedInEmail, session])

  const run = useCallback(
    async (action: (gw: AuthGateway) => Promise<void>): Promise<void> => {
      epoch.current += 1
      setSession((s) => ({ ...s, loading: true }))
      try {
        await action(await gateway())
      } catch (err) {
        setSession((s) => ({ ...s, loading: false }))
        throw err
      }
    },
    [gateway],
  )

  /** Runs `register` while role lookups for the new identity wait for it. */
  const whileRegistering = useCallback(async (register: () => Promise<AuthIdentity>): Promise<AuthIdentity> => {
    let finish!: (identity: AuthIdentity | null) => void
    registering.current = new Promise((resolve) => (finish = resolve))
    let identity: AuthIdentity | null = null
    try {
      identity = await register()
      return identity
    } finally {
      finish(identity)
      registering.current = null
    }
  }, [])

  const signIn = useCallback(
    (email: string, password: string) =>
      run(async (gw) => {
        await handleIdentity(await gw.signIn(email, password))
      }),
    [run, handleIdentity],
  )

  const signUp = useCallback(
    ({ name, email, password, photoURL }: SignUpInput) =>
      run(async (gw) => {
        const identity = await whileRegistering(async () => {
          await gw.signUp(email, password)
          const idToken = await gw.getIdToken()
          // A new account has no photo to remove: with none given, none is sent (the
          // SDK would send `photoUrl: null`, which the Auth emulator refuses).
          const updated = await gw.updateProfile(photoURL ? { displayName: name, photoURL } : { displayName: name })
          await whenApiReady()
          await api('createUser', {
            body: { name, email, photo: photoURL ?? '' },
            authorization: appTokenOr(idToken),
          })
          return updated
        })
        await handleIdentity(identity)
      }),
    [run, handleIdentity, whileRegistering],
  )

  const signInWithGoogle = useCallback(
    () =>
      run(async (gw) => {
        const identity = await whileRegistering(async () => {
          const signedIn = await gw.signInWithGoogle()
          if (signedIn.email) {
            const now = new Date().toISOString()
            try {
              const idToken = await gw.getIdToken()
              await whenApiReady()
              await api('createUser', {
                body: { email: signedIn.email, role: 'user', created_at: now, last_log_in: now },
                authorization: appTokenOr(idToken),
              })
            } catch (err) {
              // The account is signed in either way; the role lookup decides what follows.
              console.log('AuthProvider error', err)
            }
          }
          return signedIn
        })
        await handleIdentity(identity)
      }),
    [run, handleIdentity, whileRegistering],
  )

  const logOut = useCallback(async (): Promise<boolean> => {
    const email = sessionRef.current.email
    if (email) {
      const unsent = await loadPersonalData()
        .then((data) => data.unsentNoteWrites(email))
        .catch(() => 0)
      if (unsent > 0) {
        const ok = await confirmDialog({
          title: 'Log out with unsent notes?',
          text: `${unsent === 1 ? '1 note change has' : `${unsent} note changes have`} not reached the server yet. Logging out deletes ${unsent === 1 ? 'it' : 'them'} from this device.`,
          confirmLabel: 'Log out anyway',
          cancelLabel: 'Stay logged in',
          danger: true,
        })
        if (!ok) return false
      }
    }
    await run(async (gw) => {
      await gw.signOut()
      unreachable.current = null
      // Nothing more may go out under this user's token, and nothing of theirs stays.
      await loadNoteSync().then(
        (sync) => sync.stopNoteSync(),
        () => undefined,
      )
      await loadPersonalData()
        .then((data) => data.forgetPersonalData())
        .catch((err: unknown) => console.log('AuthProvider error', err))
      localStorage.removeItem(ROLE_KEY)
      await handleIdentity(null)
      signedOutRef.current?.()
    })
    return true
  }, [run, handleIdentity])

  const value = useMemo<AuthContextValue>(
    () => ({ ...session, signIn, signUp, signInWithGoogle, logOut }),
    [session, signIn, signUp, signInWithGoogle, logOut],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
