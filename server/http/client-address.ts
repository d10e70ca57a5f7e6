// Who is calling, as far as the rate limits are concerned. The socket's peer
// is the truth unless a reverse proxy we trust sits in front: then the peer is
// the proxy, and the client is the first address of X-Forwarded-For. Without
// TRUST_PROXY the header is ignored, since any client can write it.
import type { Context } from 'hono'

interface SocketBindings {
  incoming?: { socket?: { remoteAddress?: string } }
}

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const first = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim()
    if (first) return first
  }
  // @hono/node-server puts Node's IncomingMessage in the env; an in-process
  // request (app.request in a test) has none.
  const env = c.env as SocketBindings | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'unknown'
}
