// The admin's edit dialogs: what they let an admin change, and what they refuse before sending.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import type { Booking, Session } from '#contract/entities'
import { renderApp } from '#app/testing/render-app'
import { EditBookingDialog } from './edit-booking-dialog'
import { UpdateSessionDialog } from './update-session-dialog'

const BOOKING: Booking = {
  _id: 'b1',
  sessionId: 's1',
  studentEmail: 'sam@example.com',
  tutorEmail: 'priya@example.com',
  status: 'approved',
  bookedAt: '2026-03-01T00:00:00.000Z',
  title: 'Calculus I',
}

const SESSION: Session = {
  _id: 's1',
  title: 'Calculus I',
  subject: 'Mathematics',
  description: '',
  registrationStart: '2026-03-01T00:00:00.000Z',
  registrationEnd: '2026-03-10T00:00:00.000Z',
  classStart: '2026-03-12T00:00:00.000Z',
  classEnd: '2026-04-12T00:00:00.000Z',
  duration: 2,
  registrationFee: 10,
  tutorName: 'Priya Sharma',
  tutorEmail: 'priya@example.com',
  status: 'approved',
  createdAt: '2026-02-01T00:00:00.000Z',
  averageRating: 0,
  reviewCount: 0,
}

it('Edit booking shows the tutor email read-only: the session decides the tutor', async () => {
  const onSave = vi.fn(async () => undefined)
  renderApp(<EditBookingDialog booking={BOOKING} onSave={onSave} onClose={() => undefined} />)
  const tutor = screen.getByLabelText('Tutor email') as HTMLInputElement
  expect(tutor.readOnly).toBe(true)
  expect(tutor.value).toBe('priya@example.com')
  fireEvent.change(screen.getByLabelText('Student email'), { target: { value: 'liam@example.com' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
  expect(onSave).toHaveBeenCalledWith({
    studentEmail: 'liam@example.com',
    tutorEmail: 'priya@example.com',
    sessionId: 's1',
  })
})

it.each(['abc', '0', '0.5'])(
  'Update session refuses a duration of "%s" with a message, sending nothing',
  async (typed) => {
    const onSave = vi.fn(async () => undefined)
    renderApp(<UpdateSessionDialog session={SESSION} onSave={onSave} onClose={() => undefined} />)
    fireEvent.change(screen.getByLabelText('Duration (hours)'), { target: { value: typed } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByText('Duration must be at least 1 hour.')).textContent).toBe(
      'Duration must be at least 1 hour.',
    )
    expect(onSave).not.toHaveBeenCalled()
  },
)

it.each([
  ['Duration (hours)', '1e300', 'Duration must be at most 1000 hours.'],
  ['Registration fee', '1000001', 'The registration fee must be at most 1000000.'],
])(
  'Update session refuses a %s of %s, over its limit, with a message, sending nothing',
  async (label, typed, message) => {
    const onSave = vi.fn(async () => undefined)
    renderApp(<UpdateSessionDialog session={SESSION} onSave={onSave} onClose={() => undefined} />)
    fireEvent.change(screen.getByLabelText(label), { target: { value: typed } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByText(message)).textContent).toBe(message)
    expect(onSave).not.toHaveBeenCalled()
  },
)

it('Update session keeps unsaved edits in session storage until saved', async () => {
  sessionStorage.clear()
  const onSave = vi.fn(async () => undefined)
  const first = renderApp(<UpdateSessionDialog session={SESSION} onSave={onSave} onClose={() => undefined} />)
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Calculus I, moved' } })
  fireEvent.change(screen.getByLabelText('Registration fee'), { target: { value: '12' } })
  // The tab reloads: the dialog opened again for the same session has the edits back.
  first.unmount()
  renderApp(<UpdateSessionDialog session={SESSION} onSave={onSave} onClose={() => undefined} />)
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Calculus I, moved')
  expect((screen.getByLabelText('Registration fee') as HTMLInputElement).value).toBe('12')
  expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Mathematics')

  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
  expect(onSave).toHaveBeenCalledWith({
    title: 'Calculus I, moved',
    subject: 'Mathematics',
    duration: 2,
    registrationFee: 12,
  })
  // Saved: nothing is kept, so the next opening starts from the session as it is.
  await waitFor(() => expect(Object.keys(sessionStorage).filter((key) => key.includes('session-update'))).toEqual([]))
})

it('Update session keeps the edits when the save fails, and forgets them when cancelled', async () => {
  const onSave = vi.fn(async () => {
    throw new Error('not updated')
  })
  const onClose = vi.fn()
  const first = renderApp(<UpdateSessionDialog session={SESSION} onSave={onSave} onClose={onClose} />)
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Calculus I, moved' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
  // The save failed: what was typed is still there, also for the dialog opened again.
  first.unmount()
  const second = renderApp(<UpdateSessionDialog session={SESSION} onSave={onSave} onClose={onClose} />)
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Calculus I, moved')

  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
  expect(onClose).toHaveBeenCalledTimes(1)
  second.unmount()
  renderApp(<UpdateSessionDialog session={SESSION} onSave={onSave} onClose={onClose} />)
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Calculus I')
})
