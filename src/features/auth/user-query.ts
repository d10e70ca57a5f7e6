// Who is signed in, as data: one query entry, ['auth', 'user'], that the
// AuthProvider writes (through the app's publish, src/app/signed-in-user.ts)
// and everyone else reads: screens through useUser() and useOptionalUser(),
// route loaders through the query client, and the first-paint cache, which
// saves it with the home page's cards (src/app/query-persistence.ts).
// null: nobody is signed in; no entry yet: not known yet (the identity
// provider has not answered and nothing was saved).
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type { Role } from '#contract/entities'

export interface SignedInUser {
  uid: string
  email: string | null
  displayName: string | null
  photoURL: string | null
  role: Role
}

export const authKeys = {
  user: ['auth', 'user'] as const,
}

export function readUser(client: QueryClient): SignedInUser | null | undefined {
  return client.getQueryData<SignedInUser | null>(authKeys.user)
}

/** The not-yet-known state: what the prerendered page was rendered with, so hydration matches. */
const unknownOnServer = () => undefined

/**
 * Who is signed in: the user, null (nobody), or undefined while not known
 * yet. Read straight from the query cache (not a query observer: clearing
 * the cache at a change of user must not leave a screen holding the old entry).
 */
export function useUserState(): SignedInUser | null | undefined {
  const client = useQueryClient()
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client])
  return useSyncExternalStore(subscribe, () => readUser(client), unknownOnServer)
}

/** The signed-in user, or null (nobody, or not known yet). */
export function useOptionalUser(): SignedInUser | null {
  return useUserState() ?? null
}

/** The signed-in user, inside RequireAuth areas only: anywhere else it is a mistake, and throws. */
export function useUser(): SignedInUser {
  const user = useUserState()
  if (!user) throw new Error('useUser() is for screens behind RequireAuth: nobody is signed in here')
  return user
}
