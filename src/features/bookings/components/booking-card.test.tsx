// A course's booking card names its next meeting, from the booking alone (as the device keeps it), in the
// viewer's zone and the session's where they differ.
import { screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import type { Booking } from '#contract/entities'
import { formatWhen, setViewerTimeZone } from '#shared/format/date'
import { renderApp } from '#app/testing/render-app'
import { BookingCard } from './booking-card'

const NOW = Date.parse('2026-11-28T12:00:00Z')
const course: Booking = {
  _id: 'b1',
  sessionId: 's1',
  studentEmail: 'student@studyhub.demo',
  tutorEmail: 'tutor@studyhub.demo',
  status: 'approved',
  bookedAt: '2026-11-20T10:00:00.000Z',
  classStart: '2026-12-01T16:00:00.000Z',
  classEnd: '2026-12-24T18:00:00.000Z',
  duration: 2,
  schedule: { timeZone: 'Europe/Berlin', rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20261226T225959Z' },
  meetingCount: 8,
  nextMeetingStart: '2026-12-03T16:00:00.000Z',
}
const show = (booking: Partial<Booking>) =>
  renderApp(<ul>{<BookingCard booking={{ ...course, ...booking }} queued={null} now={NOW} />}</ul>)

afterEach(() => setViewerTimeZone(undefined))

it('says the next meeting, with its zone named, in one zone where the viewer is in the session’s', () => {
  setViewerTimeZone('Europe/Berlin')
  show({})
  expect(screen.getByTestId('booking-next').textContent).toBe(`Next: ${formatWhen(course.nextMeetingStart)}`)
  expect(screen.getByTestId('booking-next').textContent).toMatch(/CET|GMT\+1/)
})

it('says it in both zones where the viewer’s differs', () => {
  setViewerTimeZone('America/New_York')
  show({})
  const next = screen.getByTestId('booking-next').textContent
  expect(next).toContain(`${formatWhen(course.nextMeetingStart, undefined, 'Europe/Berlin')} in Berlin`)
  expect(next).toContain(`${formatWhen(course.nextMeetingStart)} your time`)
})

it.each<Partial<Booking>>([
  { meetingCount: 1 },
  { nextMeetingStart: undefined },
  { sessionCancelledAt: '2026-11-27T10:00:00.000Z', status: 'cancelled' },
])('says no next meeting for %j', (booking) => {
  show(booking)
  expect(screen.queryByTestId('booking-next')).toBeNull()
})
