// The tutor's roster against the demo server: a pending booking approved from
// its row; before the class starts no marks; after, a mark made offline waits
// on the device ("Waiting to sync"), counts as made, and reaches the server
// once the outbox is sent.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RosterEntry } from '#contract/entities'
import { appDb } from '#shared/db/app-db'
import { requestOutboxSync } from '#shared/offline/outbox-sync'
import { renderApp } from '#app/testing/render-app'
import { call, resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { ATTENDANCE_KIND } from '../db/roster-tables'
import { attendanceKind } from '../offline/attendance-outbox'
import { SessionRoster } from './session-roster'

const TUTOR = 'tutor@studyhub.demo'
const ADMIN = 'admin@studyhub.demo'
const STUDENT = 'student@studyhub.demo'
const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

/** An approved session of the tutor whose class starts at `classStart`, with the student's booking in `status`. */
async function sessionWithBooking(classStart: number, status: 'pending' | 'approved') {
  const now = Date.now()
  const created = await call('POST', '/sessions', {
    as: TUTOR,
    body: {
      title: 'Optics',
      subject: 'Physics',
      description: 'Lenses.',
      registrationStart: iso(now - 2 * HOUR),
      registrationEnd: iso(now + 48 * HOUR),
      classStart: iso(classStart),
      classEnd: iso(classStart + 2 * HOUR),
      duration: 2,
      registrationFee: 0,
      tutorName: 'Tutor',
      tutorEmail: TUTOR,
    },
  })
  expect(created.status, JSON.stringify(created.data)).toBe(201)
  const sessionId = created.data.insertedId as string
  await call('PATCH', `/sessions/${sessionId}/approve`, { as: ADMIN, body: { fee: 0, type: 'Free' } })
  const booked = await call('POST', '/bookings', {
    as: STUDENT,
    body: { sessionId, studentEmail: STUDENT, tutorEmail: TUTOR },
  })
  expect(booked.status, JSON.stringify(booked.data)).toBe(201)
  const bookingId = booked.data.insertedId as string
  if (status === 'approved') await call('PATCH', `/bookings/${bookingId}`, { as: ADMIN, body: { status } })
  return { session: { _id: sessionId, title: 'Optics', classStart: iso(classStart) }, bookingId }
}

const roster = async (sessionId: string) =>
  (await call<RosterEntry[]>('GET', `/sessions/${sessionId}/roster`, { as: TUTOR })).data

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(TUTOR)
  await appDb.outbox.clear()
  setOnline(true)
})

afterEach(async () => {
  await appDb.outbox.clear()
})

describe('the roster', () => {
  it('lists the booking with its counts, and approves a pending one from its row', async () => {
    const user = userEvent.setup()
    const { session, bookingId } = await sessionWithBooking(Date.now() + 24 * HOUR, 'pending')
    renderApp(<SessionRoster session={session} email={TUTOR} />, { as: 'tutor' })
    const table = await screen.findByRole('table', { name: 'Roster of Optics' })
    const row = within(table).getAllByTestId('table-row')[0]!
    expect(row.textContent).toContain(STUDENT)
    expect(screen.getByText('Pending:').nextSibling?.textContent).toBe('1')
    // Before the class: no marks yet.
    expect(screen.getByText('Attendance can be marked once the class has started.')).toBeTruthy()

    await user.click(within(row).getByRole('button', { name: /^Approve/ }))
    await waitFor(async () => expect((await roster(session._id))[0]).toMatchObject({ bookingId, status: 'approved' }))
    await waitFor(() => expect(screen.getByText('Approved:').nextSibling?.textContent).toBe('1'))
    expect(within(table).queryByRole('button', { name: 'Present' })).toBeNull()
  })

  it('marks attendance offline: waiting to sync on the row, then on the server once sent', async () => {
    const user = userEvent.setup()
    const { session, bookingId } = await sessionWithBooking(Date.now() - HOUR, 'approved')
    renderApp(<SessionRoster session={session} email={TUTOR} />, { as: 'tutor' })
    const group = await screen.findByRole('group', { name: /^Attendance of/ })

    setOnline(false)
    await user.click(within(group).getByRole('button', { name: 'Present' }))
    expect(await screen.findByTestId('mark-waiting')).toBeTruthy()
    expect(within(group).getByRole('button', { name: 'Present' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByText('Present:').nextSibling?.textContent).toBe('1')
    expect(await appDb.outbox.count()).toBe(1)
    expect((await roster(session._id))[0]).not.toHaveProperty('attendance')

    setOnline(true)
    await requestOutboxSync(TUTOR, { [ATTENDANCE_KIND]: attendanceKind })
    expect(await appDb.outbox.count()).toBe(0)
    expect((await roster(session._id))[0]).toMatchObject({ bookingId, attendance: 'present' })
    await waitFor(() => expect(screen.queryByTestId('mark-waiting')).toBeNull())
  })
})
