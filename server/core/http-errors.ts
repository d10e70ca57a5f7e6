// Answers and failures of the API, shared by both servers. Every error is JSON
// `{message}` (a booking refusal also carries `success: false`), thrown as an
// HttpError by any layer and turned into a Response in one place.
import { CheckViolation, DatabaseUnavailable, MissingReference, UniqueViolation, type UniqueRule } from './store'

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'Unauthorized access: sign in first.') => new HttpError(401, message)
/** A bearer token that proves nothing (any more): forged, expired, or of an ended credential generation. */
export const invalidToken = () => unauthorized('Invalid or expired token.')
export const forbidden = (message = 'Forbidden: you may not do this.') => new HttpError(403, message)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string, extra: Record<string, unknown> = {}) => new HttpError(409, message, extra)
export const tooLarge = (message: string) => new HttpError(413, message)
export const unprocessable = (message: string) => new HttpError(422, message)

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  })
}

/** What a broken uniqueness rule means to the caller. */
const UNIQUE_MESSAGES: Record<UniqueRule, { message: string; extra?: Record<string, unknown> }> = {
  'booking.student-session': { message: 'You have already booked this session.', extra: { success: false } },
  'review.student-session': { message: 'You have already reviewed this session.' },
  'user.email': { message: 'An account with this email already exists.' },
  'user.uid': { message: 'This sign-in is already linked to another account.' },
  'note.id': { message: 'A note with this id already exists.' },
  'calendar-feed.token': { message: 'Please try again.' },
}

/** How long a client is asked to wait (Retry-After) before it sends again what the database could not take. */
export const RETRY_AFTER_SECONDS = 5

/**
 * Codes that say the database cannot take the request now, not that the
 * request is wrong: PostgreSQL's SQLSTATEs of a server stopping or starting
 * (57P01-57P03), of a connection lost or refused (class 08), of a lock not
 * had in time or a deadlock lost (55P03, 40P01: the transaction was rolled
 * back whole), and Node's for a connection refused, cut or timed out.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '55P03',
  '40P01',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
])

/** Whether `error`, or anything it wraps (`cause`, an AggregateError's `errors`), says the database cannot be reached. */
export function databaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 8) return false
  if (error instanceof DatabaseUnavailable) return true
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown }
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
  if (Array.isArray(errors) && errors.some((inner) => databaseUnavailable(inner, depth + 1))) return true
  return databaseUnavailable(cause, depth + 1)
}

/**
 * Answers what a route threw. An unexpected error is the server's fault: it
 * goes to `report` (the API server's JSON log; the console by default) and the
 * client learns nothing of it. A database that cannot be reached is reported
 * too, and answered 503 with Retry-After: the request may be sent again as it is.
 */
export function errorResponse(error: unknown, report: (error: unknown) => void = console.error): Response {
  if (error instanceof HttpError) return json({ ...error.extra, message: error.message }, error.status)
  // The database refused a duplicate or a dangling reference: the state changed under the request.
  if (error instanceof UniqueViolation) {
    const { message, extra } = UNIQUE_MESSAGES[error.rule]
    return json({ ...extra, message }, 409)
  }
  if (error instanceof MissingReference) return json({ message: 'That record no longer exists.' }, 409)
  if (error instanceof CheckViolation) return json({ message: `A value is not allowed (${error.constraint}).` }, 400)
  // The host logs the details; the client gets no internals.
  report(error)
  if (databaseUnavailable(error)) {
    return json({ message: 'The service is briefly unavailable: please try again shortly.' }, 503, {
      'Retry-After': String(RETRY_AFTER_SECONDS),
    })
  }
  return json({ message: 'Server error: please try again.' }, 500)
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1]! : null
}
