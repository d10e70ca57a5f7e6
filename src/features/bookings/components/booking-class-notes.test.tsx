// What a student's booking card says of its class: where, the link (approved only), what moved, why cancelled,
// and why it can no longer be cancelled.
import { render, screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { Booking } from '#contract/entities'
import { formatWhen } from '#shared/format/date'
import { BookingClassNotes } from './booking-class-notes'

const NOW = Date.parse('2030-01-10T12:00:00Z')
const HOUR = 3_600_000
const at = (ms: number) => new Date(NOW + ms).toISOString()
const base: Booking = {
  _id: 'b1',
  sessionId: 's1',
  studentEmail: 'student@studyhub.demo',
  tutorEmail: 'tutor@studyhub.demo',
  status: 'approved',
  bookedAt: at(-240 * HOUR),
  classStart: at(48 * HOUR),
  classEnd: at(50 * HOUR),
  duration: 2,
  location: 'Room 4, Main Building',
  meetingUrl: 'https://meet.example/abc',
}
const show = (booking: Partial<Booking>) =>
  render(<BookingClassNotes booking={{ ...base, ...booking }} title="Algebra" now={NOW} />)

it('says where the class meets, and offers Join online with its host to an approved booking only', () => {
  show({})
  expect(screen.getByTestId('booking-place').textContent).toBe('Place: Room 4, Main Building')
  const join = screen.getByRole('link', { name: /^Join online/ })
  expect(join.getAttribute('href')).toBe('https://meet.example/abc')
  expect(join.getAttribute('rel')).toBe('noopener noreferrer')
  expect(join.textContent).toContain('(meet.example)')
})

it.each<Partial<Booking>>([
  { status: 'pending' },
  { meetingUrl: 'javascript:alert(1)' },
  { meetingUrl: 'http://meet.example/abc' },
  { status: 'cancelled', sessionCancelledAt: at(-HOUR), cancelReason: 'Ill' },
])('offers no Join online for %j', (booking) => {
  show(booking)
  expect(screen.queryByRole('link', { name: /Join online/ })).toBeNull()
})

it('says what moved since the student booked, with the one date formatter', () => {
  const was = at(24 * HOUR)
  show({ movedFrom: { classStart: was, classEnd: at(26 * HOUR) }, movedAt: at(-HOUR) })
  expect(screen.getByTestId('class-moved').textContent).toBe(
    `Moved: was ${formatWhen(was)} · now ${formatWhen(base.classStart)}`,
  )
})

it('says nothing of a move made before the student booked', () => {
  show({ movedFrom: { classStart: at(24 * HOUR), classEnd: at(26 * HOUR) }, movedAt: at(-300 * HOUR) })
  expect(screen.queryByTestId('class-moved')).toBeNull()
})

it('says the class was cancelled, and why', () => {
  show({ status: 'cancelled', sessionCancelledAt: at(-HOUR), cancelReason: 'The tutor is ill.' })
  expect(screen.getByTestId('class-cancelled').textContent).toBe('The class was cancelled.Reason: The tutor is ill.')
})

it('explains, past the deadline, why the booking can no longer be cancelled; not when the class moved since', () => {
  const { unmount } = show({ cancelDeadlineHours: 72 })
  expect(screen.getByTestId('cancel-deadline').textContent).toBe(
    'Bookings of this session can be cancelled up to 72 hours before the class.',
  )
  unmount()
  show({ cancelDeadlineHours: 72, movedAt: at(-HOUR), movedFrom: { classStart: at(HOUR), classEnd: at(2 * HOUR) } })
  expect(screen.queryByTestId('cancel-deadline')).toBeNull()
})

it('says nothing of the deadline before it', () => {
  show({ cancelDeadlineHours: 24 })
  expect(screen.queryByTestId('cancel-deadline')).toBeNull()
})
