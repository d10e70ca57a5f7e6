import type { RegistrationLabel } from '../registration-status'

/** Ongoing in green, Closed in red (docs/product.md#screens); the word carries the meaning, colour only repeats it. */
export function RegistrationBadge({ label }: { label: RegistrationLabel }) {
  const tone =
    label === 'Ongoing' ? 'bg-green-100 text-green-800 ring-green-600/30' : 'bg-red-100 text-red-800 ring-red-600/30'
  return (
    <span
      data-testid="registration-label"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {label}
    </span>
  )
}

const STATUS_TONE = {
  approved: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-900',
  rejected: 'bg-red-100 text-red-800',
} as const

/** An admin's view of a session's review status. */
export function SessionStatusBadge({ status }: { status: keyof typeof STATUS_TONE }) {
  return (
    <span
      data-testid="session-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_TONE[status]}`}
    >
      {status}
    </span>
  )
}
