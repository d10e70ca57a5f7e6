// The demo server's identity-provider port (server/core/identity.ts): an ID
// token of the demo provider (./demo-idp.ts) names an identity in its table.
// Seeded accounts and Google accounts count as verified emails; a password
// sign-up does not, so it can never claim an existing record by its email.
// A disabled identity's tokens are refused at once, as Firebase's revocation
// check refuses them on the API server.
import type { IdentityVerifier } from '#core/identity'
import type { DemoDb } from './db/demo-db'
import { verifyIdToken } from './server/crypto'

export function demoIdentityVerifier(db: DemoDb): IdentityVerifier {
  return {
    async verify(idToken) {
      const claims = await verifyIdToken(db, idToken)
      const identity = claims ? await db.identities.get(claims.sub) : undefined
      if (!identity || identity.disabled || identity.email !== claims!.email) return null
      return {
        uid: identity.uid,
        email: identity.email,
        emailVerified: identity.emailVerified ?? identity.provider === 'google',
        name: identity.displayName,
        picture: identity.photoURL,
        // A demo ID token is made at the sign-in and never renewed, so it was issued when its holder signed in.
        authTime: claims!.iat,
      }
    },
  }
}
