// Add Session (docs/product.md#validation): what the form holds, and the rules that turn it into
// the POST /sessions payload or into every problem there is, each with the fields it concerns (shown beside
// them: #shared/ui/field-problems). Dates are entered in the tutor's local time and sent as ISO instants.
import type { BodyOf } from '#contract/endpoints'
import type { Schedule, Session } from '#contract/entities'
import { isInstantInRange, MAX_CANCEL_DEADLINE_HOURS, MAX_DURATION_HOURS, MAX_FEE } from '#contract/limits'
import { linkProblem, normalisedLink } from '#contract/links'
import { cancelDeadlineFromText } from '#contract/cancel-deadline'
import { seatsFromText } from '#contract/rules'
import type { FieldProblem } from '#shared/ui/field-problems'
import { DEFAULT_TIME_ZONE } from '#contract/time-zone'
import {
  buildRrule,
  inputsInZone,
  instantInZone,
  oneMeeting,
  scheduleFormOf,
  scheduleProblems,
  type ScheduleFormValues,
} from './schedule-rule'

export interface SessionFormValues extends Partial<ScheduleFormValues> {
  title: string
  subject: string
  description: string
  /** yyyy-mm-dd */
  registrationStart: string
  /** yyyy-mm-dd */
  registrationEnd: string
  /** yyyy-mm-dd */
  classStartDate: string
  /** hh:mm */
  classStartTime: string
  /** yyyy-mm-ddThh:mm */
  classEnd: string
  duration: string
  registrationFee: string
  /** Empty is no limit; absent in a draft kept from before the field existed. */
  seats?: string
  /** Where the class meets (a room or an address); these three are absent in an older draft too. */
  location?: string
  /** The online meeting's https link. */
  meetingUrl?: string
  /** Hours before the class students may still cancel; empty or 0 is until it starts. */
  cancelDeadlineHours?: string
}

export const emptySessionForm: SessionFormValues = {
  title: '',
  subject: '',
  description: '',
  registrationStart: '',
  registrationEnd: '',
  classStartDate: '',
  classStartTime: '',
  classEnd: '',
  duration: '',
  registrationFee: '',
  seats: '',
  location: '',
  meetingUrl: '',
  cancelDeadlineHours: '',
  // The zone '' is the tutor's (their saved one, else the device's): the form fills it in when it knows it.
  ...oneMeeting(''),
}

export const SESSION_MESSAGES = {
  required: 'Please fill in every required field.',
  badDate: 'Please enter valid dates and times.',
  dateRange: 'Please enter dates between 1970 and 2100.',
  registrationOrder: 'Registration cannot end before it starts.',
  classOrder: 'The class must end after it starts.',
  classBeforeRegistration: 'The class cannot start before registration opens.',
  duration: 'Duration must be at least 1 hour.',
  durationMax: `Duration must be at most ${MAX_DURATION_HOURS} hours.`,
  fee: 'The registration fee must be 0 or more (0 means free).',
  feeMax: `The registration fee must be at most ${MAX_FEE}.`,
  seats: 'Seats must be a whole number of at least 1, or empty for no limit.',
  cancelDeadline: `The cancellation deadline must be a whole number of hours from 0 to ${MAX_CANCEL_DEADLINE_HOURS}.`,
} as const

/** What the deadline and link fields mean, in Add Session and Edit class alike. */
export const CANCEL_DEADLINE_HINT =
  'Students may cancel up to this many hours before the class; empty or 0: until it starts.'
export const MEETING_URL_HINT = 'Only you, admins and students whose booking is approved see it.'

/** The meeting link's problem in the form's words ("The meeting link must be a full https:// address …"). */
export function meetingUrlProblem(value: string | undefined): string | null {
  const problem = linkProblem(value ?? '')
  return problem && `The meeting link ${problem}.`
}

export type SessionFormField = keyof SessionFormValues

export type SessionFormResult =
  { ok: true; payload: BodyOf<'createSession'> } | { ok: false; problems: FieldProblem<SessionFormField>[] }

/** Local midnight of a yyyy-mm-dd date (or the last millisecond of that day). */
function localDay(value: string, endOfDay = false): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  const date = endOfDay ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d)
  return date.getMonth() === m - 1 && date.getDate() === d ? date : null
}

function localDateTime(date: string, time: string): Date | null {
  const day = localDay(date)
  const match = /^(\d{2}):(\d{2})$/.exec(time)
  if (!day || !match) return null
  const [h, min] = [Number(match[1]), Number(match[2])]
  if (h > 23 || min > 59) return null
  day.setHours(h, min)
  return day
}

/** The schedule fields of a form, a draft from before they existed read as one meeting. */
export function scheduleOfForm(values: Partial<ScheduleFormValues>): ScheduleFormValues {
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined))
  const schedule = { ...oneMeeting(DEFAULT_TIME_ZONE), ...defined }
  return { ...schedule, timeZone: schedule.timeZone || DEFAULT_TIME_ZONE }
}

type TimeFields = 'classStartDate' | 'classStartTime' | 'classEnd' | 'duration'

/**
 * The class's start (a date and a time) and end (a datetime-local value) as instants; null where not valid. A
 * schedule's start is read in its zone, and its end is its last meeting's, with the schedule's problems.
 */
function classTimes(values: Pick<SessionFormValues, TimeFields> & Partial<ScheduleFormValues>) {
  const schedule = scheduleOfForm(values)
  if (schedule.repeats === 'weekly') {
    const classStart = instantInZone(values.classStartDate, values.classStartTime, schedule.timeZone)
    const { problems, meetings } = scheduleProblems(schedule, classStart, Number(values.duration))
    const last = meetings.at(-1)
    return { classStart, classEnd: last?.end ?? null, schedule, problems, meetings }
  }
  const [endDate = '', endTime = ''] = values.classEnd.split('T')
  return {
    classStart: localDateTime(values.classStartDate, values.classStartTime),
    classEnd: localDateTime(endDate, endTime.slice(0, 5)),
    schedule: null,
    problems: [],
    meetings: [],
  }
}

/** The meetings the form's schedule makes, for its preview (none while it does not repeat or has problems). */
export const schedulePreview = (values: Pick<SessionFormValues, TimeFields> & Partial<ScheduleFormValues>) =>
  classTimes(values).meetings

type DetailField = 'duration' | 'meetingUrl' | 'cancelDeadlineHours'

/** The duration, meeting link and deadline, read, with their problems: Add Session and Edit class check them alike. */
function classDetails(values: Pick<SessionFormValues, DetailField>) {
  const problems: FieldProblem<DetailField>[] = []
  const duration = Number(values.duration)
  if (values.duration.trim() && !(Number.isFinite(duration) && duration >= 1))
    problems.push({ message: SESSION_MESSAGES.duration, fields: ['duration'] })
  else if (duration > MAX_DURATION_HOURS) problems.push({ message: SESSION_MESSAGES.durationMax, fields: ['duration'] })
  const meetingProblem = meetingUrlProblem(values.meetingUrl)
  if (meetingProblem) problems.push({ message: meetingProblem, fields: ['meetingUrl'] })
  const cancelDeadlineHours = cancelDeadlineFromText(values.cancelDeadlineHours)
  if (cancelDeadlineHours === undefined)
    problems.push({ message: SESSION_MESSAGES.cancelDeadline, fields: ['cancelDeadlineHours'] })
  return { duration, cancelDeadlineHours, problems }
}

const REQUIRED: SessionFormField[] = [
  'title',
  'subject',
  'registrationStart',
  'registrationEnd',
  'classStartDate',
  'classStartTime',
  'classEnd',
  'duration',
]

export function buildSessionPayload(
  values: SessionFormValues,
  tutor: { name: string; email: string },
  now: Date = new Date(),
): SessionFormResult {
  const problems: FieldProblem<SessionFormField>[] = []
  const blank = (field: SessionFormField) => !(values[field] ?? '').trim()
  const repeats = scheduleOfForm(values).repeats === 'weekly'
  // A schedule's end is its last meeting's: the form does not ask for it.
  const missing = REQUIRED.filter((f) => blank(f) && !(repeats && f === 'classEnd'))
  if (missing.length > 0) problems.push({ message: SESSION_MESSAGES.required, fields: missing })

  const registrationStart = localDay(values.registrationStart)
  const registrationEnd = localDay(values.registrationEnd, true)
  const { classStart, classEnd, schedule, problems: scheduleProblemsFound } = classTimes(values)
  // A date typed but not valid (a missing one is already said above).
  const badDates = (
    [
      ['registrationStart', registrationStart],
      ['registrationEnd', registrationEnd],
      ['classStartDate', classStart],
      ['classEnd', classEnd],
    ] as const
  )
    .filter(
      ([field, date]) =>
        !date &&
        !blank(field) &&
        !(field === 'classStartDate' && blank('classStartTime')) &&
        !(schedule && field === 'classEnd'),
    )
    .map(([field]) => field)
  if (badDates.length > 0) problems.push({ message: SESSION_MESSAGES.badDate, fields: badDates })
  const outOfRange = (
    [
      ['registrationStart', registrationStart],
      ['registrationEnd', registrationEnd],
      ['classStartDate', classStart],
      ['classEnd', classEnd],
    ] as const
  )
    .filter(([, date]) => date && !isInstantInRange(date.getTime()))
    .map(([field]) => field)
  if (outOfRange.length > 0) problems.push({ message: SESSION_MESSAGES.dateRange, fields: outOfRange })
  if (registrationStart && registrationEnd && registrationEnd < registrationStart)
    problems.push({ message: SESSION_MESSAGES.registrationOrder, fields: ['registrationEnd'] })
  if (registrationStart && classStart && classStart < registrationStart)
    problems.push({ message: SESSION_MESSAGES.classBeforeRegistration, fields: ['classStartDate'] })
  else if (classStart && classEnd && classEnd <= classStart)
    problems.push({ message: SESSION_MESSAGES.classOrder, fields: ['classEnd'] })

  const { duration, cancelDeadlineHours, problems: detailProblems } = classDetails(values)
  problems.push(...detailProblems, ...scheduleProblemsFound)
  // An empty fee means 0, and 0 means free (docs/product.md#validation).
  const fee = values.registrationFee.trim() === '' ? 0 : Number(values.registrationFee)
  if (!Number.isFinite(fee) || fee < 0) problems.push({ message: SESSION_MESSAGES.fee, fields: ['registrationFee'] })
  else if (fee > MAX_FEE) problems.push({ message: SESSION_MESSAGES.feeMax, fields: ['registrationFee'] })
  const seats = seatsFromText(values.seats)
  if (seats === undefined) problems.push({ message: SESSION_MESSAGES.seats, fields: ['seats'] })

  if (
    problems.length > 0 ||
    !registrationStart ||
    !registrationEnd ||
    !classStart ||
    !classEnd ||
    seats === undefined ||
    cancelDeadlineHours === undefined
  )
    return { ok: false, problems }
  const location = (values.location ?? '').trim()
  const meetingUrl = normalisedLink(values.meetingUrl ?? '')
  return {
    ok: true,
    payload: {
      title: values.title.trim(),
      subject: values.subject.trim(),
      description: values.description.trim(),
      registrationStart: registrationStart.toISOString(),
      registrationEnd: registrationEnd.toISOString(),
      classStart: classStart.toISOString(),
      classEnd: classEnd.toISOString(),
      duration,
      registrationFee: fee,
      ...(seats === null ? {} : { seats }),
      ...(location ? { location } : {}),
      ...(meetingUrl ? { meetingUrl } : {}),
      ...(cancelDeadlineHours ? { cancelDeadlineHours } : {}),
      ...(schedule ? { schedule: { timeZone: schedule.timeZone, rrule: buildRrule(schedule) } } : {}),
      tutorName: tutor.name,
      tutorEmail: tutor.email,
      status: 'pending',
      createdAt: now.toISOString(),
    },
  }
}

/** Edit class: the class's times, place and deadline as the form holds them (local date and time). */
export type ClassFormValues = Pick<
  Required<SessionFormValues>,
  'classStartDate' | 'classStartTime' | 'classEnd' | 'duration' | 'location' | 'meetingUrl' | 'cancelDeadlineHours'
> &
  ScheduleFormValues
type ClassFormField = keyof ClassFormValues

const two = (n: number) => String(n).padStart(2, '0')

/** An instant as a date input's and a time input's values, in the device's time zone. */
function localInputs(iso: string): { date: string; time: string } {
  const d = new Date(iso)
  return {
    date: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`,
    time: `${two(d.getHours())}:${two(d.getMinutes())}`,
  }
}

/** The Edit class form of a session as it stands (a schedule's start in its zone; else `zone` is offered). */
export function classFormOf(session: Session, zone: string = DEFAULT_TIME_ZONE): ClassFormValues {
  const start = session.schedule
    ? inputsInZone(new Date(session.classStart), session.schedule.timeZone)
    : localInputs(session.classStart)
  const end = localInputs(session.classEnd)
  return {
    ...scheduleFormOf(session.schedule, zone),
    classStartDate: start.date,
    classStartTime: start.time,
    classEnd: `${end.date}T${end.time}`,
    duration: String(session.duration),
    location: session.location ?? '',
    meetingUrl: session.meetingUrl ?? '',
    cancelDeadlineHours: session.cancelDeadlineHours ? String(session.cancelDeadlineHours) : '',
  }
}

export type ClassFormResult =
  { ok: true; body: BodyOf<'updateSessionClass'> } | { ok: false; problems: FieldProblem<ClassFormField>[] }

/**
 * The PATCH /sessions/:id/class body of what changed (nothing unchanged is sent: an untouched class is not moved),
 * or every problem beside its field. A cleared place or link is sent empty, which removes it.
 */
export function buildClassChange(
  values: ClassFormValues,
  session: Session,
  meetings: Pick<Schedule, 'skipped' | 'moved'> = session.schedule ?? {},
): ClassFormResult {
  const problems: FieldProblem<ClassFormField>[] = []
  const repeats = values.repeats === 'weekly'
  const required = (['classStartDate', 'classStartTime', 'classEnd', 'duration'] as const).filter(
    (f) => !values[f].trim() && !(repeats && f === 'classEnd'),
  )
  if (required.length > 0) problems.push({ message: SESSION_MESSAGES.required, fields: required })
  const { classStart, classEnd, schedule, problems: scheduleProblemsFound } = classTimes(values)
  const bad = ([['classStartDate', classStart], ...(repeats ? [] : ([['classEnd', classEnd]] as const))] as const)
    .filter(
      ([field, date]) =>
        !required.some((f) => f === field || (field === 'classStartDate' && f === 'classStartTime')) &&
        (!date || !isInstantInRange(date.getTime())),
    )
    .map(([field]) => field)
  if (bad.length > 0) problems.push({ message: SESSION_MESSAGES.badDate, fields: bad })
  else if (classStart && classEnd && classEnd <= classStart)
    problems.push({ message: SESSION_MESSAGES.classOrder, fields: ['classEnd'] })
  const { duration, cancelDeadlineHours, problems: detailProblems } = classDetails(values)
  problems.push(...detailProblems, ...scheduleProblemsFound)
  if (problems.length > 0 || !classStart || !classEnd || cancelDeadlineHours === undefined)
    return { ok: false, problems }

  const location = values.location.trim()
  const meetingUrl = normalisedLink(values.meetingUrl) ?? ''
  const body: BodyOf<'updateSessionClass'> = {}
  // Compared as the form shows them (to the minute): a time left alone is not sent.
  const before = classFormOf(session, values.timeZone)
  if (values.classStartDate !== before.classStartDate || values.classStartTime !== before.classStartTime)
    body.classStart = classStart.toISOString()
  if (schedule ? classEnd.toISOString() !== session.classEnd : values.classEnd !== before.classEnd)
    body.classEnd = classEnd.toISOString()
  const next = schedule && {
    timeZone: schedule.timeZone,
    rrule: buildRrule(schedule),
    ...(meetings.skipped?.length ? { skipped: meetings.skipped } : {}),
    ...(meetings.moved?.length ? { moved: meetings.moved } : {}),
  }
  // A schedule is sent whole when any of it changed (a skip or a move too); null makes the class one meeting again.
  if (JSON.stringify(next ?? null) !== JSON.stringify(session.schedule ? sameOrder(session.schedule) : null))
    body.schedule = next ?? null
  if (duration !== session.duration) body.duration = duration
  if (location !== (session.location ?? '')) body.location = location
  if (meetingUrl !== (session.meetingUrl ?? '')) body.meetingUrl = meetingUrl
  if (cancelDeadlineHours !== (session.cancelDeadlineHours ?? 0)) body.cancelDeadlineHours = cancelDeadlineHours
  return { ok: true, body }
}

/** A session's schedule with its fields in the order the form writes them, to compare the two. */
function sameOrder(schedule: Schedule): Schedule {
  return {
    timeZone: schedule.timeZone,
    rrule: schedule.rrule,
    ...(schedule.skipped?.length ? { skipped: schedule.skipped } : {}),
    ...(schedule.moved?.length ? { moved: schedule.moved } : {}),
  }
}
