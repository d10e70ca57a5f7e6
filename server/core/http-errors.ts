// Answers and failures of the API, shared by both servers. Every error is JSON
// `{message}` (a booking refusal also carries `success: false`), thrown as an
// HttpError by any layer and turned into a Response in one place.
import { CheckViolation, MissingReference, UniqueViolation, type UniqueRule } from './store'

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

/** The Response for anything thrown while answering: an HttpError as itself, anything else as a 500. */
/** What a broken uniqueness rule means to the caller. */
const UNIQUE_MESSAGES: Record<UniqueRule, { message: string; extra?: Record<string, unknown> }> = {
  'booking.student-session': { message: 'You have already booked this session.', extra: { success: false } },
  'review.student-session': { message: 'You have already reviewed this session.' },
  'user.email': { message: 'An account with this email already exists.' },
  'user.uid': { message: 'This sign-in is already linked to another account.' },
  'note.id': { message: 'A note with this id already exists.' },
  'calendar-feed.token': { message: 'Please try again.' },
}

/**
 * Answers what a route threw. An unexpected error is the server's fault: it
 * goes to `report` (the API server's JSON log; the console by default) and the
 * client learns nothing of it.
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
  return json({ message: 'Server error: please try again.' }, 500)
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1]! : null
}
