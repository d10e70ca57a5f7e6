// Whether a session takes registrations, as the cards and the details page
// show it. `now` is a parameter so the rules can be tested with a fixed clock.
import type { Session } from '../../contract/entities'

export type RegistrationLabel = 'Ongoing' | 'Closed'

type RegistrationWindow = Pick<Session, 'registrationStart' | 'registrationEnd'>

/** Home cards (spec §2): Ongoing while now is within [registrationStart, registrationEnd], bounds included. */
export function registrationWindowLabel(
  session: RegistrationWindow,
  now: Date | number = Date.now(),
): RegistrationLabel {
  const t = +now
  const start = Date.parse(session.registrationStart)
  const end = Date.parse(session.registrationEnd)
  return t >= start && t <= end ? 'Ongoing' : 'Closed'
}

/** Spec §4: registration is closed when the registration end date is in the past. */
export function isRegistrationClosed(
  session: Pick<Session, 'registrationEnd'>,
  now: Date | number = Date.now(),
): boolean {
  return Date.parse(session.registrationEnd) < +now
}

/** /study-sessions for non-admins (spec §2): derived from the registration end date alone. */
export function registrationEndLabel(
  session: Pick<Session, 'registrationEnd'>,
  now: Date | number = Date.now(),
): RegistrationLabel {
  return isRegistrationClosed(session, now) ? 'Closed' : 'Ongoing'
}
