// App tokens are short-lived. On a 401 the HTTP client asks for a fresh one
// once (the auth feature registers how: a new ID token from the identity
// provider, then POST /jwt) and retries the call, so nobody is left looking
// signed in with a dead token. Concurrent 401s share one renewal.
// It lives apart from axios so the auth feature can register its renewer at
// start-up without loading axios (docs/decisions/0053-axios-after-the-first-paint.md).

type TokenRenewer = () => Promise<string | null>
let renewer: TokenRenewer | null = null
let renewal: Promise<string | null> | null = null

export function setTokenRenewer(next: TokenRenewer | null): void {
  renewer = next
}

/** A fresh app token, or null when there is no way to get one (or it failed). */
export function renewToken(): Promise<string | null> {
  if (!renewer) return Promise.resolve(null)
  renewal ??= renewer()
    .catch(() => null)
    .finally(() => (renewal = null))
  return renewal
}
