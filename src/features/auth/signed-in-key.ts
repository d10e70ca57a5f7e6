/**
 * localStorage: set while the identity provider has someone signed in on this
 * device, as the app last heard from it; removed when it reports no one
 * (./auth-session.ts). A start without it loads no provider code.
 */
export const SIGNED_IN_KEY = 'studyhub-signed-in'
