// The fee rules of the admin's session forms (docs/product.md#states, #validation).

export type SessionType = 'Free' | 'Paid'

/** A number typed into a form; anything non-numeric (or empty) becomes 0. */
export function lenientNumber(raw: string): number {
  const text = raw.trim()
  if (text === '') return 0
  const n = Number(text)
  return Number.isFinite(n) ? n : 0
}

/** The fee an approval sends: Free forces 0, Paid takes the number typed (non-numeric → 0). */
export function approvalFee(type: SessionType, raw: string): number {
  return type === 'Free' ? 0 : lenientNumber(raw)
}
