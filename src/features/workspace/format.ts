/** A date and time for tables, in the user's locale; '—' when missing or invalid. */
export function formatDateTime(iso: string | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

export function formatDate(iso: string | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  return date.toLocaleDateString(undefined, { dateStyle: 'medium' })
}

export function formatFee(fee: number): string {
  return fee === 0 ? 'Free' : `$${fee}`
}

/** The server's own `{message}`, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  const data = (error as { data?: { message?: unknown } } | null)?.data
  return data && typeof data.message === 'string' && data.message ? data.message : undefined
}
