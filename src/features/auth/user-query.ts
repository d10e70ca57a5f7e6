// Who is signed in, as data: one query entry, ['auth', 'user'], that the
// app's AuthProvider fills (src/app/signed-in-user.ts) and others read:
// route loaders through the query client, and the first-paint cache, which saves it with the home
// page's cards (src/app/query-persistence.ts). null: nobody is signed in;
// no entry yet: not known yet (the identity provider has not answered).
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
