// Add Session (docs/product.md#validation): what the form holds, and the rules that turn it into
// the POST /sessions payload or into every problem there is, each with the fields it concerns (shown beside
// them: #shared/ui/field-problems). Dates are entered in the tutor's local time and sent as ISO instants.
import type { BodyOf } from '#contract/endpoints'
import { isInstantInRange, MAX_DURATION_HOURS, MAX_FEE } from '#contract/limits'
import { seatsFromText } from '#contract/rules'
import type { FieldProblem } from '#shared/ui/field-problems'

export interface SessionFormValues {
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
} as const

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
  const missing = REQUIRED.filter(blank)
  if (missing.length > 0) problems.push({ message: SESSION_MESSAGES.required, fields: missing })

  const registrationStart = localDay(values.registrationStart)
  const registrationEnd = localDay(values.registrationEnd, true)
  const classStart = localDateTime(values.classStartDate, values.classStartTime)
  const [endDate = '', endTime = ''] = values.classEnd.split('T')
  const classEnd = localDateTime(endDate, endTime.slice(0, 5))
  // A date typed but not valid (a missing one is already said above).
  const badDates = (
    [
      ['registrationStart', registrationStart],
      ['registrationEnd', registrationEnd],
      ['classStartDate', classStart],
      ['classEnd', classEnd],
    ] as const
  )
    .filter(([field, date]) => !date && !blank(field) && !(field === 'classStartDate' && blank('classStartTime')))
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

  const duration = Number(values.duration)
  if (!blank('duration') && !(Number.isFinite(duration) && duration >= 1))
    problems.push({ message: SESSION_MESSAGES.duration, fields: ['duration'] })
  else if (duration > MAX_DURATION_HOURS) problems.push({ message: SESSION_MESSAGES.durationMax, fields: ['duration'] })
  // An empty fee means 0, and 0 means free (docs/product.md#validation).
  const fee = values.registrationFee.trim() === '' ? 0 : Number(values.registrationFee)
  if (!Number.isFinite(fee) || fee < 0) problems.push({ message: SESSION_MESSAGES.fee, fields: ['registrationFee'] })
  else if (fee > MAX_FEE) problems.push({ message: SESSION_MESSAGES.feeMax, fields: ['registrationFee'] })
  const seats = seatsFromText(values.seats)
  if (seats === undefined) problems.push({ message: SESSION_MESSAGES.seats, fields: ['seats'] })

  if (problems.length > 0 || !registrationStart || !registrationEnd || !classStart || !classEnd || seats === undefined)
    return { ok: false, problems }
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
      tutorName: tutor.name,
      tutorEmail: tutor.email,
      status: 'pending',
      createdAt: now.toISOString(),
    },
  }
}
