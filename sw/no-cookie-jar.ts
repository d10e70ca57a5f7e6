// What the worker's build gives msw in place of tough-cookie
// (docs/performance.md#javascript-budget-second-pass).
//
// msw keeps a cookie jar so that a handler can read cookies an earlier answer
// set. The demo server sets none and reads none: every call carries its app
// token as a bearer. The real jar brings tough-cookie and the public suffix
// list (tldts), over half of the worker's JavaScript, for nothing. This jar
// holds no cookies: a Set-Cookie from a handler is dropped, and a request's
// cookies are only those it carries itself. It implements just the surface
// msw's cookie store calls.

/** A cookie as msw's store reads it back from its saved list: never, as none is saved. */
export class Cookie {
  static fromJSON(): null {
    return null
  }
}

/** The index msw's store saves; it stays empty. */
export class MemoryCookieStore {
  idx: Record<string, never> = {}
}

export class CookieJar {
  getCookiesSync(): Cookie[] {
    return []
  }

  async setCookie(): Promise<void> {}
}
