import type { RegistrationLabel } from '../registration-status'
import { TONE } from '#shared/ui/tone-classes'

/** Ongoing in green, Closed in red (docs/product.md#screens); the word carries the meaning, colour only repeats it. */
export function RegistrationBadge({ label }: { label: RegistrationLabel }) {
  const tone = label === 'Ongoing' ? `${TONE.success} ring-success-ink/30` : `${TONE.danger} ring-danger-ink/30`
  return (
    <>
      {/* "Ongoing" alone does not say what is ongoing; a screen reader hears "Registration: Ongoing". */}
      <span className="sr-only">Registration: </span>
      <span
        data-testid="registration-label"
        className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
      >
        {label}
      </span>
    </>
  )
}
