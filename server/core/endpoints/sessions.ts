// /sessions and /admin/sessions: the session lists, and a session's life:
// created pending by its tutor → approved (with its fee) or rejected by an
// admin → a rejected one resubmitted by its tutor. Only approved sessions are
// updated or deleted. Each change is a compare-and-set on the status, so two
// admins acting at once cannot both win (docs/rules/sessions.md). More seats
// give the new ones to the waiting list at once (../seats.ts).
// Its tutor (or an admin) runs the class: moves its times or place and
// cancels it until it starts, telling every student booked in the same
// transaction; a cancelled class leaves every public list, and its meeting
// link is answered only to those who may join (docs/rules/sessions.md).
import { sessionSearchOf } from '#contract/session-search'
import { calendarSequencePatch } from '../calendar'
import { badRequest, conflict, notFound } from '../http-errors'
import { newId } from '../ids'
import {
  announce,
  sessionCancelled,
  sessionChanged,
  sessionDecided,
  sessionMoved,
  sessionToReview,
  withSeatsAnnounced,
  zonesOf,
} from '../notifications'
import type { Principal } from '../permissions'
import type { RouteImpl } from '../pipeline'
import { meetingsOf, spanOf, storedMeetings } from '../schedule'
import { fillFreedSeats } from '../seats'
import type { SessionRow, Store } from '../store'
import {
  accountName,
  deleted,
  inserted,
  isoNow,
  listAnswer,
  modified,
  paging,
  withMeetingUrl,
  withRatings,
} from './answers'

/** Whether the caller runs this session: its tutor or an admin. */
const runs = (who: Principal | null, session: Pick<SessionRow, 'tutorEmail'>) =>
  who !== null && (who.role === 'admin' || who.email === session.tutorEmail)

/**
 * The class's times and schedule as kept: without a schedule as given; with
 * one, classStart and classEnd are its first meeting's start and its last
 * one's end, and `anchor` (the rule's first start) is kept to expand it from.
 */
function scheduled(
  anchor: string,
  classEnd: string,
  duration: number,
  schedule: SessionRow['schedule'],
): Pick<SessionRow, 'classStart' | 'classEnd' | 'schedule' | 'scheduleStart'> {
  if (!schedule) return { classStart: anchor, classEnd, schedule: undefined, scheduleStart: undefined }
  const kept = {
    timeZone: schedule.timeZone,
    rrule: schedule.rrule.trim(),
    ...(schedule.skipped?.length ? { skipped: schedule.skipped } : {}),
    ...(schedule.moved?.length ? { moved: schedule.moved } : {}),
  }
  return {
    ...spanOf(meetingsOf({ classStart: anchor, duration, schedule: kept })),
    schedule: kept,
    scheduleStart: anchor,
  }
}

/** A row without its keys that hold no value (a store keeps no key for them). */
const defined = <T extends object>(row: T): T =>
  Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as T

/** A place as kept: blank is none. */
const placeOf = (location: string | undefined) => location?.trim() || undefined

export const listAdminSessions: RouteImpl<'listAdminSessions'> = async ({ deps, store, query }) => {
  const search = sessionSearchOf(query, deps.now().getTime())
  const listed = await store.sessions.list({ status: query.status, search }, paging(query))
  return listAnswer({ ...listed, rows: await withRatings(store, listed.rows, deps.now()) })
}

export const listSessions: RouteImpl<'listSessions'> = async ({ deps, store, query, principal }) => {
  const search = sessionSearchOf(query, deps.now().getTime())
  // A cancelled class is in no public list or search; its tutor's own list and an admin's still show it.
  const own = principal !== null && (principal.role === 'admin' || principal.email === query.tutorEmail)
  const listed = await store.sessions.list(
    { status: query.status, tutorEmail: query.tutorEmail, search, ...(own ? {} : { notCancelled: true }) },
    paging(query),
  )
  return listAnswer({ ...listed, rows: await withRatings(store, listed.rows, deps.now()) })
}

export const listPendingSessions: RouteImpl<'listPendingSessions'> = async ({ deps, store }) => {
  const { rows } = await store.sessions.list({ status: 'pending' }, null)
  return { body: await withRatings(store, rows, deps.now()) }
}

export const listTutorSessions: RouteImpl<'listTutorSessions'> = async ({ deps, store, params }) => {
  const { rows } = await store.sessions.list({ tutorEmail: params.email }, null)
  return { body: await withRatings(store, rows, deps.now()) }
}

/** The caller's bookings of the session (any status), read once. */
const bookingsOf = (store: Store, who: Principal | null, sessionId: string) => {
  let read: Promise<boolean[]> | undefined
  return async () => {
    if (!who) return []
    read ??= store.bookings
      .ofSession(sessionId)
      .then((rows) => rows.filter((b) => b.studentEmail === who.email).map((b) => b.status === 'approved'))
    return read
  }
}

export const getSession: RouteImpl<'getSession'> = async ({ deps, store, record, principal }) => {
  const mine = bookingsOf(store, principal, record._id)
  // A cancelled class is still shown to its tutor, admins and the students it had booked (marked cancelledAt).
  if (record.cancelledAt && !runs(principal, record) && (await mine()).length === 0)
    throw notFound('Session not found.')
  const [answer] = await withRatings(store, [record], deps.now())
  return { body: await withMeetingUrl(answer!, record, principal, async () => (await mine()).includes(true)) }
}

export const createSession: RouteImpl<'createSession'> = async ({ deps, store, body, principal }) => {
  const who = principal!
  const _id = newId()
  const now = deps.now()
  // The tutor is the caller, named as their account is; a new session waits for an admin.
  const row: SessionRow = {
    _id,
    title: body.title,
    subject: body.subject,
    description: body.description.trim(),
    registrationStart: body.registrationStart,
    registrationEnd: body.registrationEnd,
    ...defined(scheduled(body.classStart, body.classEnd, body.duration, body.schedule)),
    duration: body.duration,
    registrationFee: body.registrationFee,
    ...(typeof body.seats === 'number' ? { seats: body.seats } : {}),
    ...(placeOf(body.location) ? { location: placeOf(body.location) } : {}),
    ...(body.meetingUrl ? { meetingUrl: body.meetingUrl } : {}),
    ...(body.cancelDeadlineHours ? { cancelDeadlineHours: body.cancelDeadlineHours } : {}),
    tutorName: await accountName(store, who.userId, who.email),
    tutorEmail: who.email,
    status: 'pending',
    createdAt: isoNow(now),
  }
  const notices = sessionToReview(now, row, await store.users.adminEmails())
  await store.sessions.insert(row, notices)
  announce(deps, notices)
  return inserted(_id)
}

export const approveSession: RouteImpl<'approveSession'> = async ({ deps, store, body, record }) => {
  const registrationFee = body.type === 'Free' ? 0 : body.fee
  const notices = sessionDecided(deps.now(), record, 'approved')
  if (!(await store.sessions.update(record._id, { status: 'approved', registrationFee }, 'pending', notices)))
    throw conflict('Only pending sessions can be approved.')
  announce(deps, notices)
  return modified(1)
}

export const rejectSession: RouteImpl<'rejectSession'> = async ({ deps, store, record }) => {
  const notices = sessionDecided(deps.now(), record, 'rejected')
  if (!(await store.sessions.update(record._id, { status: 'rejected' }, 'pending', notices)))
    throw conflict('Only pending sessions can be rejected.')
  announce(deps, notices)
  return modified(1)
}

export const resubmitSession: RouteImpl<'resubmitSession'> = async ({ deps, store, record }) => {
  const notices = sessionToReview(deps.now(), record, await store.users.adminEmails())
  if (!(await store.sessions.update(record._id, { status: 'pending' }, 'rejected', notices)))
    throw conflict('Only rejected sessions can be resubmitted.')
  announce(deps, notices)
  return modified(1)
}

export const updateSession: RouteImpl<'updateSession'> = async ({ deps, store, body, record }) => {
  const { title, subject, duration, registrationFee, seats } = body
  // Absent keeps the seats; null lifts the limit (stored as no value).
  const seatPatch = seats === undefined ? {} : { seats: seats ?? undefined }
  const booked = await store.bookings.ofSession(record._id)
  const changed = await withSeatsAnnounced(deps, record._id, async (ledger) => {
    const current = ledger.session
    // A course's meetings all get the new length: its classEnd is its last meeting's new end.
    const span =
      current?.schedule && duration !== current.duration
        ? {
            classEnd: scheduled(
              current.scheduleStart ?? current.classStart,
              current.classEnd,
              duration,
              current.schedule,
            ).classEnd,
          }
        : {}
    const fields = { title, subject, duration, registrationFee, ...seatPatch, ...span }
    // A new title or class time is a new version of every booking's calendar event (the locked row is the one changed).
    const patch = current ? { ...fields, ...calendarSequencePatch(current, fields) } : fields
    if (!(await ledger.updateSession(patch, 'approved'))) return false
    // Only an admin updates a session (the permission table): its students are told.
    await ledger.notify(sessionChanged(deps.now(), ledger.session!, booked))
    await fillFreedSeats(ledger, deps.now())
    return true
  })
  if (!changed) throw conflict('Only approved sessions can be updated.')
  return modified(1)
}

/**
 * Deleting never makes a booking disappear untold: a session with a pending,
 * approved or waitlisted booking is cancelled first (which tells its students),
 * checked in the delete's own transaction.
 */
export const deleteSession: RouteImpl<'deleteSession'> = async ({ store, record }) => {
  if (record.status !== 'approved') throw conflict('Only approved sessions can be deleted.')
  if (!(await store.sessions.deleteWithOwned([record._id], { unlessLiveBookings: true })))
    throw conflict('This session has bookings: cancel the class first, so its students are told.')
  return deleted(1)
}

const started = (session: SessionRow, now: Date) => Date.parse(session.classStart) <= now.getTime()

/** Why a session's class can no longer be changed or cancelled, or null. */
function notRunnable(session: SessionRow | undefined, now: Date, what: string): string | null {
  if (!session) return null
  if (session.status !== 'approved') return `Only approved sessions can be ${what}.`
  if (session.cancelledAt) return 'This class is already cancelled.'
  if (started(session, now)) return `The class has started: it can no longer be ${what}.`
  return null
}

export const updateSessionClass: RouteImpl<'updateSessionClass'> = async ({ deps, store, body, record }) => {
  const now = deps.now()
  const zoneOf = await zonesOf(
    store,
    (await store.bookings.ofSession(record._id)).map((b) => b.studentEmail),
  )
  const changed = await withSeatsAnnounced(deps, record._id, async (ledger) => {
    const before = ledger.session
    if (!before) throw notFound('Session not found.')
    const refusal = notRunnable(before, now, 'changed')
    if (refusal) throw conflict(refusal)
    // A schedule is expanded from its rule's first start; a new classStart is a new first start.
    const schedule = body.schedule === undefined ? before.schedule : (body.schedule ?? undefined)
    const duration = body.duration ?? before.duration
    const anchor = body.classStart ?? before.scheduleStart ?? before.classStart
    const oneEnd =
      before.schedule && !body.classEnd ? new Date(Date.parse(anchor) + duration * 3_600_000).toISOString() : undefined
    const times = scheduled(anchor, body.classEnd ?? oneEnd ?? before.classEnd, duration, schedule)
    const { classStart, classEnd } = times
    if (classEnd < classStart) throw badRequest('classEnd must not be before classStart')
    const moved = classStart !== before.classStart || classEnd !== before.classEnd
    if (moved && Date.parse(classStart) <= now.getTime()) throw badRequest('classStart must be in the future')
    const reScheduled =
      body.schedule !== undefined ||
      (schedule !== undefined && (body.classStart !== undefined || body.duration !== undefined))
    const fields: Partial<SessionRow> = {
      ...(moved
        ? { classStart, classEnd, movedFrom: { classStart: before.classStart, classEnd: before.classEnd } }
        : {}),
      ...(reScheduled ? { schedule: times.schedule, scheduleStart: times.scheduleStart } : {}),
      ...(moved ? { movedAt: isoNow(now) } : {}),
      ...(body.duration !== undefined ? { duration: body.duration } : {}),
      // Present and blank removes the place or the link.
      ...(body.location !== undefined ? { location: placeOf(body.location) } : {}),
      ...('meetingUrl' in body ? { meetingUrl: body.meetingUrl || undefined } : {}),
      ...(body.cancelDeadlineHours !== undefined ? { cancelDeadlineHours: body.cancelDeadlineHours } : {}),
    }
    if (Object.keys(fields).length === 0) return 0
    // A new time or place is a new version of every booking's calendar event.
    const sequence = calendarSequencePatch(before, fields)
    if (!(await ledger.updateSession({ ...fields, ...sequence }, 'approved'))) return null
    // A change of the deadline alone tells no one; any change of the class's event tells every live booking.
    if (sequence.calendarSequence !== undefined)
      await ledger.notify(sessionMoved(now, before, ledger.session!, await ledger.live(), zoneOf))
    return 1
  })
  if (changed === null) throw conflict('Only approved sessions can be changed.')
  return modified(changed)
}

/** The session's meetings, to whoever may see the session (GET /sessions/:id decides the same way). */
export const listSessionMeetings: RouteImpl<'listSessionMeetings'> = async ({ store, record, principal }) => {
  if (record.cancelledAt && !runs(principal, record)) {
    const mine = await bookingsOf(store, principal, record._id)()
    if (mine.length === 0) throw notFound('Session not found.')
  }
  return { body: storedMeetings({ ...record, classStart: record.scheduleStart ?? record.classStart }) }
}

export const cancelSession: RouteImpl<'cancelSession'> = async ({ deps, store, body, record, principal }) => {
  const now = deps.now()
  const by = principal!.email
  const zoneOf = await zonesOf(
    store,
    (await store.bookings.ofSession(record._id)).map((b) => b.studentEmail),
  )
  const cancelled = await withSeatsAnnounced(deps, record._id, async (ledger) => {
    const refusal = notRunnable(ledger.session, now, 'cancelled')
    if (refusal) throw conflict(refusal)
    const cancelledAt = isoNow(now)
    // Marked first: from here no booking of it can be made, under the same lock.
    if (!(await ledger.updateSession({ cancelledAt, cancelReason: body.reason }, 'approved'))) return null
    // Every live booking goes, the waiting list too, each told in this transaction.
    const live = await ledger.live()
    for (const booking of live) {
      const patch = { status: 'cancelled' as const, cancelledAt, cancelledBy: by, cancelReason: body.reason }
      if (!(await ledger.updateBooking(booking._id, patch, booking.status)))
        throw new Error(`Booking ${booking._id} changed under its session's lock.`)
    }
    await ledger.notify(sessionCancelled(now, ledger.session!, live, zoneOf))
    return live.length
  })
  if (cancelled === null) throw conflict('Only approved sessions can be cancelled.')
  return { body: { success: true, message: 'Class cancelled.', cancelledBookings: cancelled } }
}
