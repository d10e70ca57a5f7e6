// A student's booking card says what the tutor marked once the class started.
import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { Booking } from '#contract/entities'
import { renderApp } from '#app/testing/render-app'
import { BookingList } from './booking-list'

const STUDENT = 'student@studyhub.demo'
const HOUR = 3_600_000

const booking = (over: Partial<Booking>): Booking => ({
  _id: 'bk-1',
  sessionId: 'session-1',
  studentEmail: STUDENT,
  tutorEmail: 'tutor@studyhub.demo',
  status: 'approved',
  bookedAt: new Date(Date.now() - 48 * HOUR).toISOString(),
  title: 'Optics',
  classStart: new Date(Date.now() - HOUR).toISOString(),
  classEnd: new Date(Date.now() + HOUR).toISOString(),
  ...over,
})

it('says "Attended" or "Marked absent" as the tutor marked it, and nothing before', async () => {
  renderApp(
    <BookingList
      bookings={[
        booking({ attendance: 'present' }),
        booking({ _id: 'bk-2', sessionId: 'session-2', title: 'Acoustics', attendance: 'absent' }),
        booking({ _id: 'bk-3', sessionId: 'session-3', title: 'Mechanics' }),
      ]}
      email={STUDENT}
    />,
    { as: 'student' },
  )
  const card = async (title: string) =>
    (await screen.findAllByTestId('booking-card')).find((c) => c.textContent?.includes(title))!
  expect(within(await card('Optics')).getByTestId('booking-attendance').textContent).toBe('Attended')
  expect(within(await card('Acoustics')).getByTestId('booking-attendance').textContent).toBe('Marked absent')
  expect(within(await card('Mechanics')).queryByTestId('booking-attendance')).toBeNull()
})
