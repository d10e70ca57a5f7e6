// Edit class and Cancel class on the tutor's My Sessions: each problem beside its field, only what changed is sent,
// and the students to be told are counted from the roster. The class routes' answers are mocked here (the rules are
// the servers', tested in the conformance suite).
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, expect, it } from 'vitest'
import type { Session } from '#contract/entities'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import { api } from '#shared/api/http-client'
import { renderApp } from '#app/testing/render-app'
import { CANCEL_REASON_REQUIRED } from './cancel-class-dialog'
import { MySessionsList } from './my-sessions-list'

const TUTOR = 'tutor@studyhub.demo'
let session: Session
let sent: { method: string; url: string; body: unknown }[]

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(TUTOR)
  const mine = await api('listTutorSessions', { params: { email: TUTOR } })
  const open = mine.find((s) => s.status === 'approved' && Date.parse(s.classStart) > Date.now() + 86_400_000)
  if (!open) throw new Error('the seed gives the tutor an approved session to come')
  session = open
  sent = []
  const roster = [{ status: 'approved' }, { status: 'pending' }, { status: 'cancelled' }].map((entry, i) => ({
    ...entry,
    bookingId: `b${i}`,
    studentName: `Student ${i}`,
    studentEmail: `s${i}@example.com`,
    bookedAt: new Date().toISOString(),
  }))
  const keep = async (request: Request) => {
    sent.push({ method: request.method, url: request.url, body: await request.clone().json() })
  }
  server.use(
    http.get('*/api/sessions/:id/roster', () => HttpResponse.json(roster)),
    http.patch('*/api/sessions/:id/class', async ({ request }) => {
      await keep(request)
      return HttpResponse.json({ acknowledged: true, modifiedCount: 1 })
    }),
    http.post('*/api/sessions/:id/cancel', async ({ request }) => {
      await keep(request)
      return HttpResponse.json({ success: true, message: 'Class cancelled.', cancelledBookings: 2 })
    }),
  )
})

async function openDialog(action: 'Edit class' | 'Cancel class') {
  renderApp(<MySessionsList email={TUTOR} />)
  await userEvent.click(await screen.findByRole('button', { name: `${action} ${session.title}` }))
  return screen.findByRole('dialog', { name: action })
}

it('moves the class: a bad link is said beside its field, then only what changed is sent', async () => {
  const dialog = await openDialog('Edit class')
  // Live students (approved, pending) are counted; a cancelled booking is not.
  expect(await within(dialog).findByText('2 booked students will be told.')).toBeTruthy()
  const time = within(dialog).getByLabelText('Class start time')
  await userEvent.clear(time)
  await userEvent.type(time, '06:15')
  await userEvent.type(within(dialog).getByLabelText('Place (optional)'), 'Room 4')
  const link = within(dialog).getByLabelText('Online meeting link (optional)')
  await userEvent.type(link, 'http://meet.example/abc')
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save and tell students' }))
  await waitFor(() => expect(link.getAttribute('aria-invalid')).toBe('true'))
  expect(document.getElementById(link.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toMatch(
    /^The meeting link must be a full https:\/\/ address/,
  )
  expect(sent).toEqual([])

  await userEvent.clear(link)
  await userEvent.type(link, 'https://meet.example/abc')
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save and tell students' }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit class' })).toBeNull())
  const start = new Date(session.classStart)
  start.setHours(6, 15, 0, 0)
  expect(sent).toEqual([
    {
      method: 'PATCH',
      url: expect.stringContaining(`/api/sessions/${session._id}/class`),
      body: { classStart: start.toISOString(), location: 'Room 4', meetingUrl: 'https://meet.example/abc' },
    },
  ])
})

it('cancels the class only with a reason, and says how many bookings were cancelled', async () => {
  const dialog = await openDialog('Cancel class')
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel class' }))
  const reason = within(dialog).getByLabelText('Reason')
  await waitFor(() => expect(document.activeElement).toBe(reason))
  expect(within(dialog).getByText(CANCEL_REASON_REQUIRED)).toBeTruthy()
  expect(sent).toEqual([])

  await userEvent.type(reason, '  The tutor is ill.  ')
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel class' }))
  expect(await screen.findByText('Class cancelled. 2 bookings were cancelled and told.')).toBeTruthy()
  expect(sent.map((s) => s.body)).toEqual([{ reason: 'The tutor is ill.' }])
  expect(screen.queryByRole('dialog', { name: 'Cancel class' })).toBeNull()
})

it('keeps Keep class as the way out, sending nothing', async () => {
  const dialog = await openDialog('Cancel class')
  await userEvent.click(within(dialog).getByRole('button', { name: 'Keep class' }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel class' })).toBeNull())
  expect(sent).toEqual([])
})
