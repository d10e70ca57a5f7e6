// Who is calling, as far as the rate limits are concerned. The socket's peer
// is the truth unless reverse proxies we trust sit in front. Each proxy appends
// the address it received the request from to X-Forwarded-For, so everything
// left of what our own proxies appended was written by the client and may be
// anything: the client is the right-most address a trusted proxy added. With
// `hops: n`, the last n proxies in the chain are ours; with `proxies`, those at
// the listed addresses are. Without TRUST_PROXY the header is ignored.
import type { Context } from 'hono'
import type { TrustProxy } from '../config'

interface SocketBindings {
  incoming?: { socket?: { remoteAddress?: string } }
}

/** `::ffff:10.0.0.5` (an IPv4 peer on a dual-stack socket) is 10.0.0.5. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase()

export function clientAddress(c: Context, trust: TrustProxy): string {
  // @hono/node-server puts Node's IncomingMessage in the env; an in-process
  // request (app.request in a test) has none.
  const env = c.env as SocketBindings | undefined
  const peer = env?.incoming?.socket?.remoteAddress ?? 'unknown'
  if (!trust) return peer
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  // The chain as the last proxy saw it: every hop's address, the peer last.
  const chain = [...forwarded, peer].map(plain)
  if ('hops' in trust) {
    // Each of our n proxies added one entry; with fewer entries, every one is theirs.
    return chain[Math.max(0, chain.length - 1 - trust.hops)]!
  }
  const ours = new Set(trust.proxies.map(plain))
  for (let i = chain.length - 1; i > 0; i--) if (!ours.has(chain[i]!)) return chain[i]!
  return chain[0]!
}
