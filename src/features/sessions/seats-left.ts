import type { Session } from '#contract/entities'

/** "3 seats left", "1 seat left" or "Full"; undefined for a session with no seat limit. */
export function seatsLeftText(session: Pick<Session, 'seats' | 'seatsLeft'>): string | undefined {
  if (session.seats === undefined || session.seatsLeft === undefined) return undefined
  if (session.seatsLeft === 0) return 'Full'
  return `${session.seatsLeft} ${session.seatsLeft === 1 ? 'seat' : 'seats'} left`
}
