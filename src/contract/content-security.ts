// What the app and the servers' Content-Security-Policy must agree on
// (docs/decisions/0035-content-security-policy.md).

/**
 * The one Trusted Types policy the app creates: it turns exactly the service
 * worker's URL into a TrustedScriptURL for `serviceWorker.register`. The
 * policy names it in `trusted-types`, so no other policy (no default one) can exist.
 */
export const TRUSTED_TYPES_POLICY = 'studyhub-service-worker'
