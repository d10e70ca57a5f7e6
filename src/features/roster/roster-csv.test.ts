import { describe, expect, it } from 'vitest'
import type { RosterEntry } from '#contract/entities'
import { csvField, rosterCsv } from './roster-csv'

const entry = (over: Partial<RosterEntry> = {}): RosterEntry => ({
  bookingId: 'b1',
  studentName: 'Ada Lovelace',
  studentEmail: 'ada@example.com',
  status: 'approved',
  bookedAt: '2026-11-01T10:00:00.000Z',
  ...over,
})

describe('csvField', () => {
  it('quotes every field and doubles its quotes', () => {
    expect(csvField('plain')).toBe('"plain"')
    expect(csvField('Say "hi", then\nleave')).toBe('"Say ""hi"", then\nleave"')
  })

  it('puts an apostrophe before what a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`)
    expect(csvField('a=b')).toBe('"a=b"')
  })
})

describe('rosterCsv', () => {
  it('has a header row and one row per booking, with the place in line, cancel time and attendance', () => {
    const csv = rosterCsv([
      entry({ attendance: 'present' }),
      entry({ bookingId: 'b2', studentName: '=HYPERLINK("x")', status: 'waitlisted', waitlistPosition: 2 }),
      entry({ bookingId: 'b3', status: 'cancelled', cancelledAt: '2026-11-02T09:00:00.000Z' }),
    ])
    expect(csv.split('\r\n')).toEqual([
      '"Name","Email","Status","Place in line","Booked","Cancelled","Attendance"',
      '"Ada Lovelace","ada@example.com","approved","","2026-11-01T10:00:00.000Z","","present"',
      `"'=HYPERLINK(""x"")","ada@example.com","waitlisted","2","2026-11-01T10:00:00.000Z","",""`,
      '"Ada Lovelace","ada@example.com","cancelled","","2026-11-01T10:00:00.000Z","2026-11-02T09:00:00.000Z",""',
      '',
    ])
  })
})
