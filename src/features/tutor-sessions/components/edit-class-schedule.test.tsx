// Edit class on a session that repeats: the schedule's fields read from its rule, its meetings listed (GET
// /sessions/:id/meetings, mocked here: the expansion is the servers'), and a skip and a move saved with the schedule.
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, expect, it, vi } from 'vitest'
import type { BodyOf } from '#contract/endpoints'
import type { Meeting, Session } from '#contract/entities'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import { renderApp } from '#app/testing/render-app'
import { instantInZone, SCHEDULE_MESSAGES } from '../schedule-rule'
import EditClassDialog from './edit-class-dialog'

const TUTOR = 'tutor@studyhub.demo'
const ZONE = 'Europe/Berlin'
// Tuesdays and Thursdays at 17:00 in Berlin, four meetings from Tuesday 13 October 2030.
const starts = ['2030-10-15', '2030-10-17', '2030-10-22', '2030-10-24'].map((d) =>
  instantInZone(d, '17:00', ZONE)!.toISOString(),
)
const meetings: Meeting[] = starts.map((start) => ({
  start,
  end: new Date(Date.parse(start) + 3_600_000).toISOString(),
  originalStart: start,
}))
const session = {
  _id: 'weekly-1',
  title: 'Weekly Optics',
  subject: 'Physics',
  description: '',
  tutorName: 'Priya Sharma',
  tutorEmail: TUTOR,
  registrationStart: '2030-09-01T00:00:00.000Z',
  registrationEnd: '2030-10-01T00:00:00.000Z',
  classStart: starts[0]!,
  classEnd: meetings[3]!.end,
  duration: 1,
  registrationFee: 0,
  status: 'approved',
  createdAt: '2030-08-01T00:00:00.000Z',
  schedule: { timeZone: ZONE, rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH;COUNT=4' },
} as Session

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(TUTOR)
  server.use(
    http.get('*/api/sessions/:id/meetings', () => HttpResponse.json(meetings)),
    http.get('*/api/sessions/:id/roster', () => HttpResponse.json([])),
  )
})

function open() {
  const onSave = vi.fn<(body: BodyOf<'updateSessionClass'>) => Promise<void>>(async () => {})
  renderApp(<EditClassDialog session={session} onSave={onSave} onClose={() => {}} />)
  return onSave
}

it('reads the schedule back, and saves a skipped and a moved meeting with it', async () => {
  const onSave = open()
  expect((screen.getByLabelText('Repeats') as HTMLSelectElement).value).toBe('weekly')
  expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe(ZONE)
  expect((screen.getByRole('checkbox', { name: 'Tue' }) as HTMLInputElement).checked).toBe(true)
  expect((screen.getByRole('checkbox', { name: 'Thu' }) as HTMLInputElement).checked).toBe(true)
  expect((screen.getByLabelText('Class start time') as HTMLInputElement).value).toBe('17:00')
  const list = await screen.findByTestId('session-meetings')
  expect(within(list).getAllByRole('listitem')).toHaveLength(4)

  const [, second, third] = within(list).getAllByRole('listitem')
  await userEvent.click(within(second!).getByRole('button', { name: /^Skip/ }))
  expect(within(second!).getByText(/skipped/)).toBeTruthy()
  await userEvent.click(within(third!).getByRole('button', { name: /^Move/ }))
  const moveTo = within(third!).getByLabelText(/^New start of/)
  fireEvent.change(moveTo, { target: { value: '2030-10-23T18:30' } })
  await userEvent.click(screen.getByRole('button', { name: 'Save and tell students' }))

  expect(onSave).toHaveBeenCalledTimes(1)
  expect(onSave.mock.calls[0]![0]).toEqual({
    schedule: {
      timeZone: ZONE,
      rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH;COUNT=4',
      skipped: [starts[1]],
      moved: [{ from: starts[2], to: instantInZone('2030-10-23', '18:30', ZONE)!.toISOString() }],
    },
  })
})

it('sends null to make the class one meeting again', async () => {
  const onSave = open()
  await userEvent.selectOptions(screen.getByLabelText('Repeats'), 'none')
  fireEvent.change(screen.getByLabelText('Class end'), { target: { value: '2030-10-15T18:00' } })
  await userEvent.click(screen.getByRole('button', { name: 'Save and tell students' }))
  expect(onSave).toHaveBeenCalledTimes(1)
  expect(onSave.mock.calls[0]![0]).toMatchObject({ schedule: null })
})

it('says a schedule without a day beside the days', async () => {
  const onSave = open()
  await userEvent.click(screen.getByRole('checkbox', { name: 'Tue' }))
  await userEvent.click(screen.getByRole('checkbox', { name: 'Thu' }))
  await userEvent.click(screen.getByRole('button', { name: 'Save and tell students' }))
  expect(await screen.findByText(SCHEDULE_MESSAGES.days)).toBeTruthy()
  expect(onSave).not.toHaveBeenCalled()
})
