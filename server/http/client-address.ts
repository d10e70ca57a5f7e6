// Who is calling, as far as the rate limits are concerned, and at which
// origin they reached us, for the addresses we hand out. The socket's peer
// is the truth unless reverse proxies we trust sit in front. Each proxy appends
// the address it received the request from to X-Forwarded-For, so everything
// left of what our own proxies appended was written by the client and may be
// anything: the client is the right-most address a trusted proxy added. With
// `hops: n`, the last n proxies in the chain are ours; with `proxies`, those at
// the listed addresses are. Without TRUST_PROXY the header is ignored, and so
// are X-Forwarded-Proto and X-Forwarded-Host.
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

/**
 * The host a trusted proxy says the client asked for (X-Forwarded-Host, its
 * first entry: what the client-facing proxy received); undefined without
 * TRUST_PROXY, whose absence means the header may come from anyone.
 */
export function forwardedHost(c: Context, trust: TrustProxy): string | undefined {
  return trust ? c.req.header('X-Forwarded-Host')?.split(',')[0]?.trim() || undefined : undefined
}

/**
 * The origin the client reached the server at: PUBLIC_URL when set; else,
 * behind a trusted proxy, the scheme and host it forwarded (X-Forwarded-Proto,
 * X-Forwarded-Host; either may be missing, and then the request's own stands
 * in); else undefined, and the request's own origin is the public one. A
 * forwarded value that is not a scheme or host is ignored.
 */
export function publicOrigin(c: Context, trust: TrustProxy, publicUrl: string | undefined): string | undefined {
  if (publicUrl) return publicUrl
  if (!trust) return undefined
  const own = new URL(c.req.url)
  const proto = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase()
  const host = forwardedHost(c, trust)?.toLowerCase()
  if (proto === undefined && host === undefined) return undefined
  const scheme = proto === 'http' || proto === 'https' ? proto : own.protocol.slice(0, -1)
  try {
    const origin = new URL(`${scheme}://${host ?? own.host}`)
    // Only a host (and port): anything that parses into a path, a user or more is not one.
    return host === undefined || origin.host === host || `${origin.host}:${defaultPort(scheme)}` === host
      ? origin.origin
      : undefined
  } catch {
    return undefined
  }
}

const defaultPort = (scheme: string) => (scheme === 'https' ? 443 : 80)
