// The details page against the demo server (msw/node): the three states of
// the booking button, booking once and being refused the second time, the
// review form, and a missing session.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { API_BASE, call, resetDemoDb, signInAs } from '../../../mocks/testing/sign-in'
import type { Booking, Role, Session } from '#contract/entities'
import { formatDateTime, formatWhen } from '#shared/format/date'
import { formatFee } from '#shared/format/number'
import { server } from '../../../tests/setup/msw-server'
import { renderApp } from '../testing/render-app'
import { Component as SessionDetails } from './session-details'

const STUDENT = 'student@studyhub.demo'

function renderDetails(id: string, role: Role | null = 'student') {
  return renderApp(<SessionDetails />, { as: role, path: '/session-details/:id', url: `/session-details/${id}` })
}

async function approvedSessions(): Promise<Session[]> {
  const response = await fetch(`${API_BASE}/sessions?status=approved`)
  return (await response.json()) as Session[]
}

async function pick() {
  const sessions = await approvedSessions()
  const bookings = (await (
    await fetch(`${API_BASE}/bookings/student/${STUDENT}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('access-token')}` },
    })
  ).json()) as { sessionId: string }[]
  const booked = new Set(bookings.map((b) => b.sessionId))
  const now = Date.now()
  const bookable = sessions.filter(
    (s) =>
      !booked.has(s._id) &&
      s.seatsLeft !== 0 &&
      Date.parse(s.registrationStart) <= now &&
      Date.parse(s.registrationEnd) > now + 60_000,
  )
  const open = bookable.find((s) => s.registrationFee === 0)
  const paid = bookable.find((s) => s.registrationFee > 0)
  const closed = sessions.find((s) => !booked.has(s._id) && Date.parse(s.registrationEnd) < now)
  if (!open || !paid || !closed) throw new Error('the seed needs a free and a paid open session, and a closed one')
  return { open, paid, closed }
}

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(STUDENT)
})

describe('session details', () => {
  it('shows the facts, "Free" for a fee of 0 and the amount otherwise', async () => {
    const sessions = await approvedSessions()
    const free = sessions.find((s) => s.registrationFee === 0)
    const paid = sessions.find((s) => s.registrationFee > 0)
    if (!free || !paid) throw new Error('the seed needs a free and a paid session')

    const view = renderDetails(free._id)
    expect(await screen.findByRole('heading', { level: 1, name: free.title })).toBeTruthy()
    expect(screen.getByText(free.tutorName)).toBeTruthy()
    expect(screen.getByTestId('session-fee').textContent).toBe('Free')
    expect(screen.getByText(`${free.duration} ${free.duration === 1 ? 'hour' : 'hours'}`)).toBeTruthy()
    view.unmount()

    renderDetails(paid._id)
    await screen.findByRole('heading', { level: 1, name: paid.title })
    expect(screen.getByTestId('session-fee').textContent).toMatch(new RegExp(`^\\$${paid.registrationFee}(\\.|$)`))
  })

  it('books a free session at once with "Booked!", which says what comes next and offers the calendar', async () => {
    const { open } = await pick()
    renderDetails(open._id)
    fireEvent.click(await screen.findByRole('button', { name: 'Book Now' }))
    const booked = await screen.findByRole('dialog', { name: 'Booked!' })
    expect(screen.queryByRole('dialog', { name: 'Check your booking' })).toBeNull()
    expect(booked.textContent).toContain('Session booked successfully. An admin will confirm your place.')
    expect(within(booked).getByTestId('booked-when').textContent).toBe(
      formatWhen(open.classStart, Date.parse(open.classStart) + open.duration * 3_600_000),
    )
    expect(within(booked).getByRole('button', { name: 'Add to calendar' })).toBeTruthy()
    fireEvent.click(within(booked).getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Booked!' })).toBeNull())

    // Booked: no second Book Now, but the booking's own state and what comes next.
    const state = (await screen.findByText('Your booking:')).parentElement!
    expect(state.textContent).toContain('Awaiting approval')
    expect(state.textContent).toContain('An admin will confirm your place.')
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull()
  })

  it('sums a paid session up before booking it, and books nothing when the student goes back', async () => {
    const { paid } = await pick()
    renderDetails(paid._id)
    fireEvent.click(await screen.findByRole('button', { name: 'Book Now' }))
    const summary = await screen.findByRole('dialog', { name: 'Check your booking' })
    expect(summary.textContent).toContain(paid.title)
    expect(within(summary).getByTestId('summary-fee').textContent).toBe(formatFee(paid.registrationFee))
    expect(summary.textContent).toContain(
      formatWhen(paid.classStart, Date.parse(paid.classStart) + paid.duration * 3_600_000),
    )
    fireEvent.click(within(summary).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check your booking' })).toBeNull())
    const mine = async () =>
      ((await call('GET', `/bookings/student/${STUDENT}`, { as: STUDENT })).data as Booking[]).filter(
        (b) => b.sessionId === paid._id,
      )
    expect(await mine()).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Check your booking' })).getByRole('button', {
        name: 'Book Now',
      }),
    )
    expect(await screen.findByRole('dialog', { name: 'Booked!' })).toBeTruthy()
    expect((await mine()).map((b) => b.status)).toEqual(['pending'])
  })

  it('shows an approved booking with its materials, and lets a rejected one be requested again', async () => {
    const bookings = (await (
      await fetch(`${API_BASE}/bookings/student/${STUDENT}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('access-token')}` },
      })
    ).json()) as Booking[]
    const approved = bookings.find((b) => b.status === 'approved')!
    const view = renderDetails(approved.sessionId)
    expect((await screen.findByRole('link', { name: 'View Materials' })).getAttribute('href')).toBe(
      `/dashboard/student/bookings/${approved.sessionId}/materials`,
    )
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull()
    view.unmount()

    // A rejected booking on a session still open: the student may ask again, and it waits for an admin once more.
    const now = Date.now()
    const rejected = bookings.find(
      (b) => b.status === 'rejected' && Date.parse(b.registrationStart!) <= now && Date.parse(b.registrationEnd!) > now,
    )
    if (!rejected) throw new Error('the seed needs a rejected booking on an open session')
    renderDetails(rejected.sessionId)
    fireEvent.click(await screen.findByRole('button', { name: 'Request Again' }))
    // A paid session is summed up first.
    if ((rejected.registrationFee ?? 0) > 0) {
      const summary = await screen.findByRole('dialog', { name: 'Check your booking' })
      fireEvent.click(within(summary).getByRole('button', { name: 'Request Again' }))
    }
    const booked = await screen.findByRole('dialog', { name: 'Booked!' })
    fireEvent.click(within(booked).getByRole('button', { name: 'OK' }))
    expect((await screen.findByText('Awaiting approval')).textContent).toBe('Awaiting approval')
  })

  it('says when registration opens, before it does, and books nothing', async () => {
    const tutor = 'tutor@studyhub.demo'
    const day = 86_400_000
    const start = new Date(Date.now() + 3 * day)
    const created = await call('POST', '/sessions', {
      as: tutor,
      body: {
        title: 'Opens in three days',
        subject: 'Physics',
        description: '',
        registrationStart: start.toISOString(),
        registrationEnd: new Date(Date.now() + 10 * day).toISOString(),
        classStart: new Date(Date.now() + 12 * day).toISOString(),
        classEnd: new Date(Date.now() + 20 * day).toISOString(),
        duration: 2,
        registrationFee: 0,
        tutorName: 'Priya Sharma',
        tutorEmail: tutor,
      },
    })
    await call('PATCH', `/sessions/${created.data.insertedId}/approve`, { as: 'admin@studyhub.demo', body: { fee: 0 } })
    renderDetails(created.data.insertedId)
    const button = (await screen.findByRole('button', { name: /^Registration opens / })) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.textContent).toBe(`Registration opens ${formatDateTime(start.toISOString())}`)
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull()
  })

  it('reads "Registration Closed" once registration has ended', async () => {
    const { closed } = await pick()
    renderDetails(closed._id)
    expect(((await screen.findByRole('button', { name: 'Registration Closed' })) as HTMLButtonElement).disabled).toBe(
      true,
    )
  })

  it('offers a disabled "Login as Student to Book" to a tutor, and no review form', async () => {
    const { open } = await pick()
    renderDetails(open._id, 'tutor')
    expect(
      ((await screen.findByRole('button', { name: 'Login as Student to Book' })) as HTMLButtonElement).disabled,
    ).toBe(true)
    expect(screen.queryByRole('form', { name: 'Leave a review' })).toBeNull()
  })

  it('shows the review form only to a student who may review, and tells the others why', async () => {
    const { open } = await pick()
    // Not booked: no form, and the reason instead of an error after typing.
    const view = renderDetails(open._id)
    expect(await screen.findByText('Book this session to leave a review.')).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Leave a review' })).toBeNull()
    view.unmount()
    // A session the student has already reviewed.
    const reviewed = (await call('GET', `/bookings/student/${STUDENT}`, { as: STUDENT })).data as {
      sessionId: string
    }[]
    let done: string | undefined
    for (const b of reviewed) {
      const list = (await call('GET', `/reviews/${b.sessionId}`, { as: STUDENT })).data as { studentEmail?: string }[]
      if (list.some((r) => r.studentEmail === STUDENT)) done = b.sessionId
    }
    if (!done) throw new Error('the seed needs a session the student reviewed')
    renderDetails(done)
    expect(await screen.findByText('You have reviewed this session. Thank you!')).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Leave a review' })).toBeNull()
  })

  it('asks for both fields, then adds the review and updates the average', async () => {
    const { open } = await pick()
    // The server takes reviews only from students who booked the session.
    await call('POST', '/bookings', {
      as: STUDENT,
      body: { sessionId: open._id, studentEmail: STUDENT, tutorEmail: open.tutorEmail },
    })
    renderDetails(open._id)
    const form = await screen.findByRole('form', { name: 'Leave a review' })
    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }))
    // Said once, under the stars, and read with each field it concerns; the focus goes to the first.
    expect(within(form).getByTestId('field-error').textContent).toBe('Please fill comment & rating')
    const fourStars = within(form).getByRole('radio', { name: '4 stars' })
    expect(fourStars.getAttribute('aria-invalid')).toBe('true')
    expect(within(form).getByLabelText('Comment').getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('radio', { name: '1 star' })))

    fireEvent.click(within(form).getByRole('radio', { name: '4 stars' }))
    fireEvent.change(within(form).getByLabelText('Comment'), { target: { value: 'Very clear.' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }))

    expect(await screen.findByText('Review submitted')).toBeTruthy()
    expect(await screen.findByText('Very clear.')).toBeTruthy()
    const [mean, count] = [open.averageRating ?? 0, open.reviewCount ?? 0]
    const expected = (mean * count + 4) / (count + 1)
    await waitFor(() => expect(screen.getByTestId('average-rating').textContent).toContain(expected.toFixed(1)))
  })

  it('shows where the class meets and its link when the server answers it, and no Book Now once cancelled', async () => {
    const { open } = await pick()
    const place = { location: 'Room 4, Main Building', meetingUrl: 'https://meet.example/abc' }
    // The server answers the link only to those who may have it (conformance suite); here it did.
    server.use(http.get(`*/api/sessions/${open._id}`, () => HttpResponse.json({ ...open, ...place })))
    const view = renderDetails(open._id)
    expect((await screen.findByTestId('session-place')).textContent).toBe(place.location)
    const join = screen.getByRole('link', { name: /^Join online/ })
    expect([join.getAttribute('href'), join.textContent]).toEqual([
      place.meetingUrl,
      expect.stringContaining('(meet.example)'),
    ])
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeTruthy()
    view.unmount()

    const cancelled = { ...open, ...place, cancelledAt: new Date().toISOString(), cancelReason: 'The tutor is ill.' }
    server.use(http.get(`*/api/sessions/${open._id}`, () => HttpResponse.json(cancelled)))
    renderDetails(open._id)
    expect((await screen.findByTestId('session-cancelled')).textContent).toBe(
      'Cancelled: this class will not take place.Reason: The tutor is ill.',
    )
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull()
    expect(screen.queryByRole('link', { name: /Join online/ })).toBeNull()
  })

  it('reads "Session not found." for a missing session', async () => {
    renderDetails('no-such-session')
    expect(await screen.findByRole('heading', { name: 'Session not found.' })).toBeTruthy()
  })
})
