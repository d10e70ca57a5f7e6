// Creating a session: the toast keeps its words, and the form says what they
// leave out: the session waits for an admin. A form with problems says each
// beside its field and sends nothing.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { BodyOf } from '#contract/endpoints'
import { server } from '../../../../tests/setup/msw-server'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { api } from '#shared/api/http-client'
import { renderApp } from '#app/testing/render-app'
import { SESSION_MESSAGES } from '../session-form'
import {
  instantInZone,
  oneMeeting,
  SCHEDULE_MESSAGES,
  WEEKDAY_LABELS,
  WEEKDAYS,
  weeklyMeetings,
} from '../schedule-rule'
import { AddSessionForm, SESSION_CREATED, SESSION_PENDING } from './add-session-form'

const TUTOR = 'tutor@studyhub.demo'

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(TUTOR)
})

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

it('shows the toast and then the new session as pending', async () => {
  renderApp(<AddSessionForm tutorName="Priya Sharma" tutorEmail={TUTOR} />)
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
  type('Session title', 'Waves and Optics')
  type('Subject', 'Physics')
  type('Registration start', day(1))
  type('Registration end', day(5))
  type('Class start date', day(7))
  type('Class start time', '17:00')
  type('Class end', `${day(30)}T18:00`)
  type('Duration (hours)', '2')
  fireEvent.click(screen.getByRole('button', { name: 'Create Session' }))
  expect(await screen.findByText(SESSION_CREATED)).toBeTruthy()
  expect(SESSION_CREATED).toBe('Your study session is now live.')
  const text = (await screen.findByText(/was created/)).textContent
  expect(text).toContain('“Waves and Optics” was created.')
  expect(text).toContain(SESSION_PENDING)
  const mine = await api('listTutorSessions', { params: { email: TUTOR } })
  expect(mine.find((s) => s.title === 'Waves and Optics')?.status).toBe('pending')
})

it('says each problem beside its field and puts the focus on the first, sending nothing', async () => {
  renderApp(<AddSessionForm tutorName="Priya Sharma" tutorEmail={TUTOR} />)
  const input = (label: string) => screen.getByLabelText(label)
  fireEvent.change(input('Session title'), { target: { value: 'Waves and Optics' } })
  fireEvent.change(input('Duration (hours)'), { target: { value: '0.5' } })
  fireEvent.change(input('Registration fee'), { target: { value: '-3' } })
  fireEvent.click(screen.getByRole('button', { name: 'Create Session' }))

  // The first field left empty takes the focus, and the message is read with it.
  const subject = input('Subject')
  await waitFor(() => expect(document.activeElement).toBe(subject))
  expect(subject.getAttribute('aria-invalid')).toBe('true')
  const described = (el: HTMLElement) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ')
  expect(described(subject)).toContain(SESSION_MESSAGES.required)
  // Every empty required field is marked, the message shown once, under the first of them.
  for (const label of ['Registration start', 'Registration end', 'Class start date', 'Class start time', 'Class end'])
    expect(input(label).getAttribute('aria-invalid')).toBe('true')
  expect(screen.getAllByText(SESSION_MESSAGES.required)).toHaveLength(1)
  expect(input('Session title').getAttribute('aria-invalid')).toBeNull()
  // The other problems sit beside their own fields.
  expect(described(input('Duration (hours)'))).toContain(SESSION_MESSAGES.duration)
  expect(described(input('Registration fee'))).toContain(SESSION_MESSAGES.fee)
  const mine = await api('listTutorSessions', { params: { email: TUTOR } })
  expect(mine.some((s) => s.title === 'Waves and Optics')).toBe(false)
})

it('sends the place, the meeting link and the deadline; a link that is not https is said beside its field', async () => {
  renderApp(<AddSessionForm tutorName="Priya Sharma" tutorEmail={TUTOR} />)
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
  type('Session title', 'Optics in Room 4')
  type('Subject', 'Physics')
  type('Registration start', day(1))
  type('Registration end', day(5))
  type('Class start date', day(7))
  type('Class start time', '17:00')
  type('Class end', `${day(30)}T18:00`)
  type('Duration (hours)', '2')
  type('Place (optional)', 'Room 4, Main Building')
  type('Online meeting link (optional)', 'http://meet.example/optics')
  type('Cancellation deadline (hours before the class)', '24')
  fireEvent.click(screen.getByRole('button', { name: 'Create Session' }))
  const link = screen.getByLabelText('Online meeting link (optional)')
  await waitFor(() => expect(document.activeElement).toBe(link))
  expect(screen.getByText(/^The meeting link must be a full https:\/\/ address/)).toBeTruthy()

  type('Online meeting link (optional)', 'https://meet.example/optics')
  fireEvent.click(screen.getByRole('button', { name: 'Create Session' }))
  expect(await screen.findByText(SESSION_CREATED)).toBeTruthy()
  const created = (await api('listTutorSessions', { params: { email: TUTOR } })).find(
    (s) => s.title === 'Optics in Room 4',
  )
  // Its tutor is answered the link.
  expect(await api('getSession', { params: { id: created!._id } })).toMatchObject({
    location: 'Room 4, Main Building',
    meetingUrl: 'https://meet.example/optics',
    cancelDeadlineHours: 24,
  })
})

describe('a session that repeats', () => {
  it('builds the weekly rule in the chosen zone, previews its meetings and sends the last one’s end', async () => {
    let sent: BodyOf<'createSession'> | undefined
    // Read on its way to the demo server, which answers it.
    server.use(
      http.post('*/api/sessions', async ({ request }) => {
        sent = (await request.clone().json()) as BodyOf<'createSession'>
      }),
    )
    renderApp(<AddSessionForm tutorName="Priya Sharma" tutorEmail={TUTOR} />)
    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
    const start = day(7)
    type('Session title', 'Weekly Optics')
    type('Subject', 'Physics')
    type('Registration start', day(1))
    type('Registration end', day(5))
    type('Class start date', start)
    type('Class start time', '17:00')
    type('Duration (hours)', '1.5')
    type('Repeats', 'weekly')
    // The start's weekday is chosen for the tutor; the class end is the last meeting's, not asked for.
    const startDay = WEEKDAYS[(new Date(`${start}T12:00:00Z`).getUTCDay() + 6) % 7]!
    expect((screen.getByRole('checkbox', { name: WEEKDAY_LABELS[startDay] }) as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByLabelText('Class end')).toBeNull()
    type('Time zone', 'Europe/Berlin')
    const other = WEEKDAYS[(WEEKDAYS.indexOf(startDay) + 2) % 7]!
    fireEvent.click(screen.getByRole('checkbox', { name: WEEKDAY_LABELS[other] }))
    type('Every', '2')

    // No end yet: said beside the number of meetings, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Create Session' }))
    const count = screen.getByLabelText('Number of meetings')
    await waitFor(() => expect(document.activeElement).toBe(count))
    expect(screen.getByText(SCHEDULE_MESSAGES.end)).toBeTruthy()
    expect(sent).toBeUndefined()

    type('Number of meetings', '5')
    expect(screen.getByTestId('meetings-preview').textContent).toMatch(/^5 meetings: /)
    fireEvent.click(screen.getByRole('button', { name: 'Create Session' }))
    expect(await screen.findByText(SESSION_CREATED)).toBeTruthy()
    const classStart = instantInZone(start, '17:00', 'Europe/Berlin')!
    expect(sent).toMatchObject({
      classStart: classStart.toISOString(),
      duration: 1.5,
      schedule: {
        timeZone: 'Europe/Berlin',
        rrule: `FREQ=WEEKLY;INTERVAL=2;BYDAY=${WEEKDAYS.filter((d) => d === startDay || d === other).join(',')};COUNT=5`,
      },
    })
    const meetings = weeklyMeetings(classStart, 1.5, {
      ...oneMeeting('Europe/Berlin'),
      repeats: 'weekly',
      days: `${startDay},${other}`,
      interval: '2',
      count: '5',
    })
    expect(meetings).toHaveLength(5)
    expect(sent?.classEnd).toBe(meetings[4]!.end.toISOString())
  })

  it('asks for at least one day', async () => {
    renderApp(<AddSessionForm tutorName="Priya Sharma" tutorEmail={TUTOR} />)
    fireEvent.change(screen.getByLabelText('Repeats'), { target: { value: 'weekly' } })
    fireEvent.change(screen.getByLabelText('Number of meetings'), { target: { value: '3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Session' }))
    expect(await screen.findByText(SCHEDULE_MESSAGES.days)).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'Mon' }).getAttribute('aria-invalid')).toBe('true')
  })
})
