import { afterEach, describe, expect, it } from 'vitest'
import type { Meeting } from '#contract/entities'
import { setViewerTimeZone } from '#shared/format/date'
import { scheduleText } from './schedule-text'

/** Tuesdays and Thursdays 17:00–19:00 Berlin time (16:00 UTC in winter), 1–26 December 2026. */
const BERLIN_DAYS = [1, 3, 8, 10, 15, 17, 22, 24]
const meetings: Meeting[] = BERLIN_DAYS.map((day) => {
  const start = `2026-12-${String(day).padStart(2, '0')}T16:00:00.000Z`
  return { start, end: start.replace('T16', 'T18'), originalStart: start }
})
const schedule = { timeZone: 'Europe/Berlin', rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20261226T225959Z' }

afterEach(() => setViewerTimeZone(undefined))

describe('scheduleText', () => {
  it('says the weekdays, hours, span and count in the session’s zone', () => {
    setViewerTimeZone('Europe/Berlin')
    const text = scheduleText(schedule, meetings)!
    // In the test's locale: "17:00–19:00 CET" (en-GB) or "5:00\s–\s7:00\sPM\sGMT+1" (en-US).
    expect(text).toMatch(
      /^Tuesdays and Thursdays, (17:00–19:00 CET|5:00\s–\s7:00\sPM\sGMT\+1), .*December.*, 8 meetings$/,
    )
    expect(text).toMatch(/\b1\b.*\b24\b/)
    expect(text).not.toContain('your time')
  })

  it('adds the viewer’s hours where their zone tells another time, and reads the days in the session’s zone', () => {
    setViewerTimeZone('Asia/Tokyo')
    // In Tokyo these meetings are 01:00–03:00 the next day; the days are still Berlin's.
    const text = scheduleText(schedule, meetings)!
    expect(text).toMatch(
      /^Tuesdays and Thursdays, (17:00–19:00 CET|5:00\s–\s7:00\sPM\sGMT\+1) \((01:00–03:00 JST|1:00\s–\s3:00\sAM\sGMT\+9) your time\)/,
    )
  })

  it('leaves a moved meeting out of the pattern, and says every other week', () => {
    setViewerTimeZone('Europe/Berlin')
    const moved: Meeting = {
      ...meetings[1]!,
      start: '2026-12-04T16:00:00.000Z',
      end: '2026-12-04T18:00:00.000Z',
      moved: true,
    }
    const text = scheduleText({ ...schedule, rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH' }, [meetings[0]!, moved])
    expect(text).toMatch(/^Every 2 weeks: Tuesdays, (17:00–19:00 CET|5:00\s–\s7:00\sPM\sGMT\+1), .*, 2 meetings$/)
  })

  it('is null without meetings', () => {
    expect(scheduleText(schedule, [])).toBeNull()
  })
})
