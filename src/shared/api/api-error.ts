// The one error type API calls reject with, so screens never depend on axios.
export class ApiError extends Error {
  readonly status: number
  readonly data: unknown
  /** How long the server asked to wait before trying again (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined
  constructor(message: string, status: number, data?: unknown, retryAfterMs?: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.data = data
    this.retryAfterMs = retryAfterMs
  }
  /** No answer at all: offline, DNS, refused. */
  get isNetworkError(): boolean {
    return this.status === 0
  }
}

export const UNAUTHORIZED_MESSAGE = 'Unauthorized access - maybe log out the user'

/** The server's own `{message}`, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  const data = error instanceof ApiError ? (error.data as { message?: unknown } | undefined) : undefined
  return data && typeof data.message === 'string' && data.message ? data.message : undefined
}

/** The server's `{message}` when it sent one, else the error's own text (docs/product.md#messages). */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  return serverMessage(error) ?? (error instanceof Error && error.message ? error.message : fallback)
}
