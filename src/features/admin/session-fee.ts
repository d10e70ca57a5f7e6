// The fee rules of the admin's session forms (docs/product.md#states, #validation).

import { lenientNumber } from '#contract/rules'

export type SessionType = 'Free' | 'Paid'

/** The fee an approval sends: Free forces 0, Paid takes the number typed (non-numeric → 0). */
export function approvalFee(type: SessionType, raw: string): number {
  return type === 'Free' ? 0 : lenientNumber(raw)
}
