import type { BookingStatus } from '#contract/entities'
import { STATUS_TONE } from './tone-classes'

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_TONE[status]}`}>
      {status}
    </span>
  )
}
