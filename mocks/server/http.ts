// Answers and failures of the demo server. Every error is JSON `{message}`
// (a booking refusal also carries `success: false`, spec §7), thrown as an
// HttpError by any layer and turned into a Response in one place.
import { getLatency } from '../config'

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
export const forbidden = (message = 'Forbidden: you may not do this.') => new HttpError(403, message)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string, extra: Record<string, unknown> = {}) => new HttpError(409, message, extra)

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  })
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) return json({ ...error.extra, message: error.message }, error.status)
  const message = error instanceof Error ? error.message : String(error)
  return json({ message: `Demo server error: ${message}` }, 500)
}

/** The configured latency, so the demo behaves like a server across a network. */
export async function simulateLatency(): Promise<void> {
  const ms = getLatency()
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms))
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1]! : null
}
