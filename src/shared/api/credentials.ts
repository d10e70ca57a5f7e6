// The signed-in user's credentials on this device, behind one store: the app
// token every API call carries (the HTTP client and the file fetch read it at
// each send), the last role the server gave (so a start without a network is
// not taken as a refusal), and the mark that the identity provider holds
// someone (a start without any of them loads no provider code). The auth
// session writes them; nothing else does. Kept in the origin's storage
// (../storage/browser-storage.ts), so every tab shares them.
// Types only: the contract's schemas (zod) stay out of the first load.
import type { Role } from '#contract/entities'
import { LOCAL_KEYS, localStore } from '../storage/browser-storage'

/** The role kept for `email`, as stored (the auth session reads it as a role). */
function storedRole(email: string): unknown {
  try {
    const stored = JSON.parse(localStore.get(LOCAL_KEYS.role) ?? 'null') as { email?: unknown; role?: unknown } | null
    return stored && stored.email === email ? (stored.role ?? null) : null
  } catch {
    return null
  }
}

export const credentials = {
  /** The app token, or null. */
  token: (): string | null => localStore.get(LOCAL_KEYS.accessToken),
  setToken: (token: string | null): void => localStore.set(LOCAL_KEYS.accessToken, token),
  /** The role the server last gave `email` (unchecked); null for anyone else, or when none is kept. */
  roleOf: storedRole,
  setRole: (email: string, role: Role): void => localStore.set(LOCAL_KEYS.role, JSON.stringify({ email, role })),
  forgetRole: (): void => localStore.set(LOCAL_KEYS.role, null),
  /** Whether the identity provider may hold someone: its mark, or a token or role kept from before the mark. */
  maySignIn: (): boolean =>
    [LOCAL_KEYS.signedIn, LOCAL_KEYS.role, LOCAL_KEYS.accessToken].some((key) => localStore.get(key) !== null),
  /** Marks (or unmarks) the device as one whose identity provider holds someone. */
  markSignedIn: (signedIn: boolean): void => localStore.set(LOCAL_KEYS.signedIn, signedIn ? '1' : null),
}
