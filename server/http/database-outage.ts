// The API's answers while the embedded database cannot serve them: a clear
// 503 (or 507 for a write when the disk is full) with Retry-After, instead of
// a request that hangs or a 500 that says nothing.
// - While the database is stopped and being reopened
//   (../db/pglite-worker-client.ts), every API request is answered at once.
// - A request that failed with a 500 while the database stopped, or while
//   PostgreSQL refused a write for want of disk space (SQLSTATE 53100: its
//   data files could not grow), gets the same answer instead.
import type { MiddlewareHandler } from 'hono'
import type { DatabaseStatus } from '../db/open-database'
import type { DatabaseOutage } from '../db/pglite-worker-client'

/** After a refusal for want of space the database goes on; whether there is room again is not known: a minute. */
const DISK_FULL_RETRY_SECONDS = 60

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'

function outageAnswer(outage: DatabaseOutage, method: string): Response {
  const diskFull = outage.reason === 'disk-full'
  const status = diskFull && isWrite(method) ? 507 : 503
  const message = diskFull
    ? `The server's disk is full: nothing was saved. Try again in ${outage.retryAfterSeconds} seconds.`
    : `The database is not available: try again in ${outage.retryAfterSeconds} seconds.`
  return new Response(JSON.stringify({ message }), {
    status,
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'Retry-After': String(outage.retryAfterSeconds),
    },
  })
}

/** Answers API requests 503/507 while the embedded database is down, and in place of a 500 it caused. */
export function databaseOutages(status: () => DatabaseStatus): MiddlewareHandler {
  return async (c, next) => {
    const { outage: down, diskFullRefusals: refusals } = status()
    if (down) return outageAnswer(down, c.req.method)
    await next()
    if (c.res.status !== 500) return
    const after = status()
    const outage =
      after.outage ??
      (after.diskFullRefusals > refusals
        ? { reason: 'disk-full' as const, retryAfterSeconds: DISK_FULL_RETRY_SECONDS }
        : undefined)
    if (outage) c.res = outageAnswer(outage, c.req.method)
  }
}
