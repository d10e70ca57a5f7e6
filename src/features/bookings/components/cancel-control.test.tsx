// A booking's card while its cancel waits on the device: cancelled offline,
// the card keeps the server's status, says the booking is not cancelled yet
// and offers to undo; a cancel that went out without an answer can no longer
// be undone; one the server refused shows its reason until dismissed. The
// cancel sits in the card's menu, a popover jsdom never opens: it is found as
// a hidden element here (the browser tests open the menu).
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Booking } from '#contract/entities'
import { appDb } from '#shared/db/app-db'
import { renderApp } from '#app/testing/render-app'
import { queueCancel } from '../offline/booking-cancel-outbox'
import { BookingList } from './booking-list'

const STUDENT = 'student@studyhub.demo'
const DAY = 86_400_000

const booking: Booking = {
  _id: 'bk-cancel-control',
  sessionId: 'session-1',
  studentEmail: STUDENT,
  tutorEmail: 'tutor@studyhub.demo',
  status: 'approved',
  bookedAt: new Date(Date.now() - DAY).toISOString(),
  title: 'Optics',
  classStart: new Date(Date.now() + 3 * DAY).toISOString(),
  classEnd: new Date(Date.now() + 4 * DAY).toISOString(),
}

const card = () => renderApp(<BookingList bookings={[booking]} email={STUDENT} />, { as: 'student' })

beforeEach(async () => {
  await appDb.outbox.clear()
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
})

afterEach(async () => {
  await appDb.outbox.clear()
})

describe('a cancel waiting on the device', () => {
  it('is made offline, shown as not cancelled yet, and undone', async () => {
    const user = userEvent.setup()
    card()
    await user.click(await screen.findByRole('button', { name: 'Cancel booking: Optics', hidden: true }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel booking?' })
    expect(confirm.textContent).toContain('You are offline: the cancel waits on this device')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }))

    const waiting = await screen.findByTestId('waiting-cancel')
    expect(waiting.textContent).toContain('Cancel waiting to be sent')
    expect(waiting.textContent).toContain('This booking is not cancelled yet')
    // The server's status stays until the server has it.
    expect(screen.getByTestId('booking-status').textContent).toBe('Approved')
    expect(screen.queryByRole('button', { name: 'Cancel booking: Optics', hidden: true })).toBeNull()
    expect(await appDb.outbox.count()).toBe(1)

    await user.click(within(waiting).getByRole('button', { name: 'Undo cancel: Optics' }))
    expect(await screen.findByRole('button', { name: 'Cancel booking: Optics', hidden: true })).toBeTruthy()
    expect(screen.queryByTestId('waiting-cancel')).toBeNull()
    expect(await appDb.outbox.count()).toBe(0)
  })

  it('cannot be undone once it went out without an answer', async () => {
    await queueCancel(STUDENT, booking._id)
    await appDb.outbox.toCollection().modify({ attempts: 1 })
    card()
    const waiting = await screen.findByTestId('waiting-cancel')
    expect(waiting.textContent).toContain('This booking may not be cancelled yet')
    expect(within(waiting).queryByRole('button')).toBeNull()
  })

  it('refused by the server, shows its reason until dismissed', async () => {
    await queueCancel(STUDENT, booking._id)
    await appDb.outbox
      .toCollection()
      .modify({ attempts: 1, error: 'The class has started: only an admin can cancel this booking now.' })
    const user = userEvent.setup()
    card()
    const refused = await screen.findByTestId('waiting-cancel')
    expect(refused.textContent).toContain('Cancel refused')
    expect(refused.textContent).toContain('The class has started: only an admin can cancel this booking now.')
    await user.click(within(refused).getByRole('button', { name: 'Dismiss: Optics' }))
    await waitFor(() => expect(screen.queryByTestId('waiting-cancel')).toBeNull())
    expect(await appDb.outbox.count()).toBe(0)
  })
})
