import type { Context } from 'hono'

/**
 * Sets headers on the answer after the handler ran. Routes return plain
 * Responses (headers set with c.header() beforehand would be lost), and a few
 * Responses have immutable headers (Response.redirect): those are copied first.
 */
export function setResponseHeaders(c: Context, headers: Record<string, string>, mode: 'set' | 'append' = 'set'): void {
  const apply = (target: Headers) => {
    for (const [name, value] of Object.entries(headers)) target[mode](name, value)
  }
  try {
    apply(c.res.headers)
  } catch {
    const copy = new Response(c.res.body, c.res)
    apply(copy.headers)
    c.res = copy
  }
}
