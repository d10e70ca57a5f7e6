/** The server's own `{message}`, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  const data = (error as { data?: { message?: unknown } } | null)?.data
  return data && typeof data.message === 'string' && data.message ? data.message : undefined
}
