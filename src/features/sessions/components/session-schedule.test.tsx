// A course's schedule where its details are read: in words and meeting by meeting, in the session's zone and the
// viewer's where they differ; moved meetings marked; nothing for a session of one meeting.
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, expect, it } from 'vitest'
import type { Meeting } from '#contract/entities'
import { formatWhen, setViewerTimeZone } from '#shared/format/date'
import { renderApp } from '#app/testing/render-app'
import { server } from '../../../../tests/setup/msw-server'
import { scheduleText } from '../schedule-text'
import { SessionSchedule } from './session-schedule'

const schedule = {
  timeZone: 'Europe/Berlin',
  rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=4',
  skipped: ['2026-12-03T16:00:00.000Z'],
}
// The server's answer: the skipped Thursday is not in it, the second Tuesday moved to the Wednesday.
const meetings: Meeting[] = [
  { start: '2026-12-01T16:00:00.000Z', end: '2026-12-01T18:00:00.000Z', originalStart: '2026-12-01T16:00:00.000Z' },
  {
    start: '2026-12-09T16:00:00.000Z',
    end: '2026-12-09T18:00:00.000Z',
    originalStart: '2026-12-08T16:00:00.000Z',
    moved: true,
  },
  { start: '2026-12-10T16:00:00.000Z', end: '2026-12-10T18:00:00.000Z', originalStart: '2026-12-10T16:00:00.000Z' },
]

afterEach(() => setViewerTimeZone(undefined))

function serveMeetings() {
  let asked = 0
  server.use(
    http.get('*/api/sessions/s1/meetings', () => {
      asked += 1
      return HttpResponse.json(meetings)
    }),
  )
  return () => asked
}

it('says the schedule and lists each meeting in both zones, the moved one marked', async () => {
  setViewerTimeZone('America/New_York')
  serveMeetings()
  renderApp(<SessionSchedule session={{ _id: 's1', schedule }} />)
  const text = await screen.findByTestId('schedule-text')
  expect(text.textContent).toBe(scheduleText(schedule, meetings))
  expect(text.textContent).toContain('your time')
  const items = within(screen.getByRole('list', { name: 'Meetings' })).getAllByTestId('meeting')
  expect(items).toHaveLength(3)
  const first = items[0]!.textContent!
  expect(first).toContain(`${formatWhen(meetings[0]!.start, meetings[0]!.end, 'Europe/Berlin')} in Berlin`)
  expect(first).toContain(`${formatWhen(meetings[0]!.start, meetings[0]!.end)} your time`)
  expect(items[1]!.textContent).toContain(
    `moved from ${formatWhen(meetings[1]!.originalStart, undefined, 'Europe/Berlin')}`,
  )
  expect(items[0]!.textContent).not.toContain('moved')
})

it('names one zone where the viewer’s tells the same time as the session’s', async () => {
  setViewerTimeZone('Europe/Paris')
  serveMeetings()
  renderApp(<SessionSchedule session={{ _id: 's1', schedule }} />)
  const items = await screen.findAllByTestId('meeting')
  expect(items[0]!.textContent).toBe(formatWhen(meetings[0]!.start, meetings[0]!.end))
  expect(screen.getByTestId('schedule-text').textContent).not.toContain('your time')
})

it('shows nothing and asks for nothing for a session of one meeting', () => {
  const asked = serveMeetings()
  renderApp(<SessionSchedule session={{ _id: 's1' }} />)
  expect(screen.queryByTestId('session-schedule')).toBeNull()
  expect(asked()).toBe(0)
})
