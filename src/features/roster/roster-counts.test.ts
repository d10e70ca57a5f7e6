import { describe, expect, it } from 'vitest'
import type { RosterEntry } from '#contract/entities'
import { rosterCounts } from './roster-counts'

const entry = (bookingId: string, over: Partial<RosterEntry> = {}): RosterEntry => ({
  bookingId,
  studentName: 'S',
  studentEmail: 's@example.com',
  status: 'approved',
  bookedAt: '2026-11-01T10:00:00.000Z',
  ...over,
})

describe('rosterCounts', () => {
  it('counts each status, and marks of approved bookings, a waiting mark over the server’s', () => {
    const counts = rosterCounts(
      [
        entry('a', { attendance: 'present' }),
        entry('b', { attendance: 'present' }),
        entry('c'),
        entry('d', { status: 'pending' }),
        entry('e', { status: 'waitlisted', waitlistPosition: 1 }),
        // A mark kept on a booking cancelled later counts no more.
        entry('f', { status: 'cancelled', attendance: 'absent' }),
      ],
      new Map([['b', 'absent' as const]]),
    )
    expect(counts).toEqual({ approved: 3, pending: 1, waitlisted: 1, cancelled: 1, rejected: 0, present: 1, absent: 1 })
  })
})
