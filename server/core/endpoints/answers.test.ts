// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { SessionRow, Store } from '../store'
import { withRatings } from './answers'

describe('a session as answered', () => {
  it('leaves the calendar sequence behind: it is the server’s own bookkeeping', async () => {
    const row = { _id: 's1', title: 'Linear Algebra', calendarSequence: 3 } as SessionRow
    const store = {
      reviews: { ratings: () => Promise.resolve(new Map([['s1', { sum: 9, count: 2 }]])) },
      bookings: { seatsTaken: () => Promise.resolve(new Map()) },
    } as Partial<Record<keyof Store, unknown>> as Store
    const [answered] = await withRatings(store, [row], new Date())
    expect(answered).toEqual({
      _id: 's1',
      title: 'Linear Algebra',
      averageRating: 4.5,
      reviewCount: 2,
      meetingCount: 1,
    })
  })
})
