// Where the class meets, its online link and its cancellation deadline: the same three fields in Add Session and
// Edit class, each form rendering them with its own input (its values, its problems).
import type { InputHTMLAttributes, ReactNode } from 'react'
import { MAX_CANCEL_DEADLINE_HOURS, TEXT_LIMITS } from '#contract/limits'
import { CANCEL_DEADLINE_HINT, MEETING_URL_HINT } from '../session-form'

type PlaceField = 'location' | 'meetingUrl' | 'cancelDeadlineHours'
type RenderField = (
  name: PlaceField,
  label: string,
  input: Partial<InputHTMLAttributes<HTMLInputElement>>,
  hint: string,
) => ReactNode

export function ClassPlaceFields({ field }: { field: RenderField }) {
  return (
    <>
      {field(
        'location',
        'Place (optional)',
        { maxLength: TEXT_LIMITS.location, autoComplete: 'off' },
        'A room or an address.',
      )}
      {field(
        'meetingUrl',
        'Online meeting link (optional)',
        { type: 'url', inputMode: 'url', maxLength: TEXT_LIMITS.url, placeholder: 'https://' },
        MEETING_URL_HINT,
      )}
      {field(
        'cancelDeadlineHours',
        'Cancellation deadline (hours before the class)',
        { type: 'number', min: 0, max: MAX_CANCEL_DEADLINE_HOURS, step: 1, inputMode: 'numeric' },
        CANCEL_DEADLINE_HINT,
      )}
    </>
  )
}
