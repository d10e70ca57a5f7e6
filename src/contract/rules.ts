// The product's decisions that both servers and the app make the same way.
// Described in docs/rules/; the servers enforce them, the app uses them to show
// the right label or button before it asks.

/** Where a session's registration stands at `now`: both bounds are inclusive. */
export type RegistrationState = 'upcoming' | 'open' | 'closed'

export function registrationState(
  session: { registrationStart: string; registrationEnd: string },
  now: number = Date.now(),
): RegistrationState {
  if (now < Date.parse(session.registrationStart)) return 'upcoming'
  if (now > Date.parse(session.registrationEnd)) return 'closed'
  return 'open'
}
