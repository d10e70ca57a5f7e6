// Whether a session takes registrations, as every card and the details page
// show it: one rule (src/contract/rules.ts, docs/rules/sessions.md), the one
// the servers use to accept or refuse a booking. `now` is a parameter so the
// rule can be tested with a fixed clock.
import type { Session } from '#contract/entities'
import { registrationState } from '#contract/rules'

export type RegistrationLabel = 'Ongoing' | 'Closed'

/** Ongoing only while registration is open, start and end inclusive; Closed before it opens and after it ends. */
export function registrationLabel(
  session: Pick<Session, 'registrationStart' | 'registrationEnd'>,
  now: Date | number = Date.now(),
): RegistrationLabel {
  return registrationState(session, +now) === 'open' ? 'Ongoing' : 'Closed'
}
