// Who is signed in, as data: one query entry, ['auth', 'user'], that the
// app's AuthProvider fills (src/app/signed-in-user.ts) and everything else
// reads: screens through useOptionalUser()/useUser(), route loaders through
// the query client, and the first-paint cache, which saves it with the home
// page's cards (src/app/query-persistence.ts). null: nobody is signed in;
// no entry yet: not known yet (the identity provider has not answered).
import { skipToken, useQuery } from '@tanstack/react-query'
import type { Role } from '../../contract/entities'

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

/** The entry as the cache holds it (never fetched: the AuthProvider puts it there). */
export const userQuery = {
  queryKey: authKeys.user,
  queryFn: skipToken,
  staleTime: Infinity,
  gcTime: Infinity,
} as const

/** The signed-in user, null when nobody is, undefined while that is not known yet. */
export function useOptionalUser(): SignedInUser | null | undefined {
  return useQuery<SignedInUser | null>(userQuery).data
}

/** The signed-in user, for screens behind RequireAuth. */
export function useUser(): SignedInUser {
  const user = useOptionalUser()
  if (!user) throw new Error('useUser is for screens behind RequireAuth')
  return user
}
