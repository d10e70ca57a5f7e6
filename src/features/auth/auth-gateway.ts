// The one door to the identity provider (docs/decisions/0004-identity-by-provider-uid.md). The app
// talks to its interface only (./auth-identity.ts); which implementation stands behind it is
// decided when the app is built: Firebase Auth in a live build, the demo
// server's identity provider in a demo build. Each is loaded with import() so
// the first paint pays for neither, and `__DEMO__` (the compile-time constant
// behind IS_DEMO) is tested here directly so the bundler drops the other one.
import type { AuthGateway } from './auth-identity'

let loaded: Promise<AuthGateway> | null = null

export function loadAuthGateway(): Promise<AuthGateway> {
  loaded ??= __DEMO__
    ? import('./demo-auth-gateway').then((m) => m.createDemoAuthGateway())
    : import('./firebase-auth-gateway').then((m) => m.createFirebaseAuthGateway())
  return loaded
}
