// The student dashboard lists every booking with its status, and offers
// materials only where they can open: through an approved booking. The
// cards' menus are popovers, which jsdom never opens: their items are found
// as hidden elements here; the browser tests open them.
import { screen, within } from '@testing-library/react'
import { beforeEach, expect, it } from 'vitest'
import { call, resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import type { Booking } from '#contract/entities'
import { BOOKING_STATUS_TEXT } from '#features/bookings/components/booking-status'
import { renderApp } from '../../testing/render-app'
import { Component as StudentDashboard } from './student'

const STUDENT = 'student@studyhub.demo'

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(STUDENT)
})

it('shows each booking with its status, and View Materials only for approved ones', async () => {
  const bookings = (await call('GET', `/bookings/student/${STUDENT}`, { as: STUDENT })).data as Booking[]
  expect(new Set(bookings.map((b) => b.status))).toEqual(new Set(['pending', 'approved', 'rejected']))
  renderApp(<StudentDashboard />, { as: 'student' })
  const items = await screen.findAllByTestId('booking-card')
  expect(items).toHaveLength(bookings.length)
  for (const booking of bookings) {
    const item = items.find((li) => li.textContent?.includes(booking.title!))!
    expect(within(item).getByTestId('booking-status').textContent).toBe(BOOKING_STATUS_TEXT[booking.status])
    const materials = within(item).queryByRole('link', { name: /^View Materials/, hidden: true })
    expect(materials !== null).toBe(booking.status === 'approved')
  }
})
