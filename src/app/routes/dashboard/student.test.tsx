// The student dashboard lists every booking with its status, and offers
// materials only where they can open: through an approved booking.
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, expect, it } from 'vitest'
import { call, resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import type { Booking } from '../../../contract/entities'
import { AuthContext } from '../../../features/auth/auth-context'
import { authAs } from '../../../features/auth/testing/auth-as'
import { BOOKING_STATUS_TEXT } from '../../../features/bookings/components/booking-status'
import { createQueryClient } from '../../query-client'
import { Component as StudentDashboard } from './student'

const STUDENT = 'student@studyhub.demo'

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(STUDENT)
})

it('shows each booking with its status, and View Materials only for approved ones', async () => {
  const bookings = (await call('GET', `/bookings/student/${STUDENT}`, { as: STUDENT })).data as Booking[]
  expect(new Set(bookings.map((b) => b.status))).toEqual(new Set(['pending', 'approved', 'rejected']))
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={authAs('student')}>
        <MemoryRouter>
          <StudentDashboard />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  )
  const items = await screen.findAllByRole('listitem')
  expect(items).toHaveLength(bookings.length)
  for (const booking of bookings) {
    const item = items.find((li) => li.textContent?.includes(booking.title!))!
    expect(within(item).getByTestId('booking-status').textContent).toBe(BOOKING_STATUS_TEXT[booking.status])
    const materials = within(item).queryByRole('link', { name: /^View Materials/ })
    expect(materials !== null).toBe(booking.status === 'approved')
  }
})
