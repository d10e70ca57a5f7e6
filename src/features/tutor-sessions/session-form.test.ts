import { describe, expect, it } from 'vitest'
import type { Session } from '#contract/entities'
import {
  buildClassChange,
  buildSessionPayload,
  classFormOf,
  meetingUrlProblem,
  SESSION_MESSAGES,
  type SessionFormValues,
} from './session-form'

const tutor = { name: 'Tia Tutor', email: 'tutor@studyhub.demo' }
const valid: SessionFormValues = {
  title: '  Algebra  ',
  subject: 'Maths',
  description: '',
  registrationStart: '2030-01-01',
  registrationEnd: '2030-01-10',
  classStartDate: '2030-01-15',
  classStartTime: '09:30',
  classEnd: '2030-01-15T11:30',
  duration: '2',
  registrationFee: '',
}

describe('buildSessionPayload', () => {
  it('builds a pending session with the date and time combined, and an empty fee as 0', () => {
    const now = new Date('2029-12-01T00:00:00Z')
    const result = buildSessionPayload(valid, tutor, now)
    if (!result.ok) throw new Error(result.problems[0]!.message)
    expect(result.payload).toMatchObject({
      title: 'Algebra',
      status: 'pending',
      registrationFee: 0,
      duration: 2,
      tutorName: 'Tia Tutor',
      tutorEmail: 'tutor@studyhub.demo',
      createdAt: now.toISOString(),
    })
    expect(result.payload.classStart).toBe(new Date(2030, 0, 15, 9, 30).toISOString())
    expect(result.payload.classEnd).toBe(new Date(2030, 0, 15, 11, 30).toISOString())
    // Registration stays open for the whole of its last day.
    expect(result.payload.registrationEnd).toBe(new Date(2030, 0, 10, 23, 59, 59, 999).toISOString())
  })

  it('sends the place, the link as parsed and the deadline; leaves out what was left empty or 0', () => {
    const full = buildSessionPayload(
      { ...valid, location: ' Room 4 ', meetingUrl: 'https://Meet.Example/abc', cancelDeadlineHours: '24' },
      tutor,
    )
    expect(full.ok && full.payload).toMatchObject({
      location: 'Room 4',
      meetingUrl: 'https://meet.example/abc',
      cancelDeadlineHours: 24,
    })
    const none = buildSessionPayload({ ...valid, location: ' ', meetingUrl: '', cancelDeadlineHours: '0' }, tutor)
    expect(none.ok && Object.keys(none.payload)).not.toEqual(
      expect.arrayContaining(['location', 'meetingUrl', 'cancelDeadlineHours']),
    )
    expect(meetingUrlProblem('http://x')).toMatch(/^The meeting link must be a full https:\/\/ address/)
  })

  it('keeps a fee of 0 as free and a positive fee as given', () => {
    const zero = buildSessionPayload({ ...valid, registrationFee: '0' }, tutor)
    const paid = buildSessionPayload({ ...valid, registrationFee: '15.5' }, tutor)
    expect(zero.ok && zero.payload.registrationFee).toBe(0)
    expect(paid.ok && paid.payload.registrationFee).toBe(15.5)
  })

  it.each<[Partial<SessionFormValues>, string, string]>([
    [{ title: '   ' }, SESSION_MESSAGES.required, 'title'],
    [{ classStartTime: '' }, SESSION_MESSAGES.required, 'classStartTime'],
    [{ duration: '' }, SESSION_MESSAGES.required, 'duration'],
    [{ registrationEnd: '2029-12-31' }, SESSION_MESSAGES.registrationOrder, 'registrationEnd'],
    [{ classEnd: '2030-01-15T09:00' }, SESSION_MESSAGES.classOrder, 'classEnd'],
    [{ classEnd: '2030-01-15T09:30' }, SESSION_MESSAGES.classOrder, 'classEnd'],
    [{ classStartDate: '2029-12-20' }, SESSION_MESSAGES.classBeforeRegistration, 'classStartDate'],
    [{ registrationStart: '2030-02-30' }, SESSION_MESSAGES.badDate, 'registrationStart'],
    [{ duration: '0.5' }, SESSION_MESSAGES.duration, 'duration'],
    [{ duration: 'two' }, SESSION_MESSAGES.duration, 'duration'],
    [{ registrationFee: '-1' }, SESSION_MESSAGES.fee, 'registrationFee'],
    [{ registrationFee: 'free' }, SESSION_MESSAGES.fee, 'registrationFee'],
    [{ seats: '0' }, SESSION_MESSAGES.seats, 'seats'],
    [{ duration: '1001' }, SESSION_MESSAGES.durationMax, 'duration'],
    [{ duration: '1e300' }, SESSION_MESSAGES.durationMax, 'duration'],
    [{ registrationFee: '1000001' }, SESSION_MESSAGES.feeMax, 'registrationFee'],
    [{ registrationStart: '1969-12-01' }, SESSION_MESSAGES.dateRange, 'registrationStart'],
    [{ classEnd: '2101-01-01T09:00' }, SESSION_MESSAGES.dateRange, 'classEnd'],
    [{ meetingUrl: 'http://meet.example/a' }, meetingUrlProblem('http://x')!, 'meetingUrl'],
    [{ meetingUrl: 'https://me:pw@meet.example/a' }, meetingUrlProblem('https://me:pw@x.example')!, 'meetingUrl'],
    [{ cancelDeadlineHours: '1.5' }, SESSION_MESSAGES.cancelDeadline, 'cancelDeadlineHours'],
    [{ cancelDeadlineHours: '721' }, SESSION_MESSAGES.cancelDeadline, 'cancelDeadlineHours'],
  ])('refuses %j with a clear message beside the field', (change, message, field) => {
    const result = buildSessionPayload({ ...valid, ...change }, tutor)
    expect(result).toEqual({ ok: false, problems: [{ message, fields: [field] }] })
  })

  it('says every problem at once, each with the fields it concerns in the form’s order', () => {
    const result = buildSessionPayload(
      { ...valid, title: '', classEnd: '', registrationStart: '2030-02-30', duration: 'x', registrationFee: '-2' },
      tutor,
    )
    expect(result).toEqual({
      ok: false,
      problems: [
        { message: SESSION_MESSAGES.required, fields: ['title', 'classEnd'] },
        { message: SESSION_MESSAGES.badDate, fields: ['registrationStart'] },
        { message: SESSION_MESSAGES.duration, fields: ['duration'] },
        { message: SESSION_MESSAGES.fee, fields: ['registrationFee'] },
      ],
    })
  })
})

describe('buildClassChange', () => {
  const session: Session = {
    _id: 's1',
    title: 'Algebra',
    subject: 'Maths',
    description: '',
    registrationStart: new Date(2030, 0, 1).toISOString(),
    registrationEnd: new Date(2030, 0, 10).toISOString(),
    // Seconds the form cannot show: a time left alone is still not sent.
    classStart: new Date(2030, 0, 15, 9, 30, 12).toISOString(),
    classEnd: new Date(2030, 0, 15, 11, 30).toISOString(),
    duration: 2,
    registrationFee: 0,
    tutorName: 'Tia Tutor',
    tutorEmail: 'tutor@studyhub.demo',
    status: 'approved',
    createdAt: new Date(2029, 11, 1).toISOString(),
    location: 'Room 4',
    meetingUrl: 'https://meet.example/a',
    cancelDeadlineHours: 24,
  }

  it('sends nothing for a class left as it is', () => {
    expect(buildClassChange(classFormOf(session), session)).toEqual({ ok: true, body: {} })
  })

  it('sends only what changed; a cleared place or link is sent empty, which removes it', () => {
    const values = {
      ...classFormOf(session),
      classStartDate: '2030-01-17',
      classStartTime: '18:00',
      classEnd: '2030-01-17T20:00',
      location: '',
      meetingUrl: '',
      cancelDeadlineHours: '',
    }
    expect(buildClassChange(values, session)).toEqual({
      ok: true,
      body: {
        classStart: new Date(2030, 0, 17, 18, 0).toISOString(),
        classEnd: new Date(2030, 0, 17, 20, 0).toISOString(),
        location: '',
        meetingUrl: '',
        cancelDeadlineHours: 0,
      },
    })
  })

  it('says each problem beside its field', () => {
    const values = { ...classFormOf(session), classEnd: '2030-01-15T09:00', meetingUrl: 'ftp://x', duration: '0' }
    expect(buildClassChange(values, session)).toEqual({
      ok: false,
      problems: [
        { message: SESSION_MESSAGES.classOrder, fields: ['classEnd'] },
        { message: SESSION_MESSAGES.duration, fields: ['duration'] },
        { message: meetingUrlProblem('ftp://x'), fields: ['meetingUrl'] },
      ],
    })
    expect(buildClassChange({ ...classFormOf(session), classStartTime: '' }, session)).toEqual({
      ok: false,
      problems: [{ message: SESSION_MESSAGES.required, fields: ['classStartTime'] }],
    })
  })
})
