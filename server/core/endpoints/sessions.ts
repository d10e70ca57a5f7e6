// /sessions and /admin/sessions: the session lists, and a session's life:
// created pending by its tutor → approved (with its fee) or rejected by an
// admin → a rejected one resubmitted by its tutor. Only approved sessions are
// updated or deleted. Each change is a compare-and-set on the status, so two
// admins acting at once cannot both win (docs/rules/sessions.md). More seats
// give the new ones to the waiting list at once (../seats.ts).
import { sessionSearchOf } from '#contract/session-search'
import { calendarSequencePatch } from '../calendar'
import { conflict } from '../http-errors'
import { newId } from '../ids'
import { announce, sessionChanged, sessionDecided, sessionToReview, withSeatsAnnounced } from '../notifications'
import type { RouteImpl } from '../pipeline'
import { fillFreedSeats } from '../seats'
import type { SessionRow } from '../store'
import { accountName, deleted, inserted, isoNow, listAnswer, modified, paging, rosterOf, withRatings } from './answers'

export const listAdminSessions: RouteImpl<'listAdminSessions'> = async ({ deps, store, query }) => {
  const search = sessionSearchOf(query, deps.now().getTime())
  const listed = await store.sessions.list({ status: query.status, search }, paging(query))
  return listAnswer({ ...listed, rows: await withRatings(store, listed.rows) })
}

export const listSessions: RouteImpl<'listSessions'> = async ({ deps, store, query }) => {
  const search = sessionSearchOf(query, deps.now().getTime())
  const listed = await store.sessions.list(
    { status: query.status, tutorEmail: query.tutorEmail, search },
    paging(query),
  )
  return listAnswer({ ...listed, rows: await withRatings(store, listed.rows) })
}

export const listPendingSessions: RouteImpl<'listPendingSessions'> = async ({ store }) => {
  const { rows } = await store.sessions.list({ status: 'pending' }, null)
  return { body: await withRatings(store, rows) }
}

export const listTutorSessions: RouteImpl<'listTutorSessions'> = async ({ store, params }) => {
  const { rows } = await store.sessions.list({ tutorEmail: params.email }, null)
  return { body: await withRatings(store, rows) }
}

export const getSession: RouteImpl<'getSession'> = async ({ store, record }) => {
  return { body: (await withRatings(store, [record]))[0] }
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
    classStart: body.classStart,
    classEnd: body.classEnd,
    duration: body.duration,
    registrationFee: body.registrationFee,
    ...(typeof body.seats === 'number' ? { seats: body.seats } : {}),
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
    const fields = { title, subject, duration, registrationFee, ...seatPatch }
    // A new title or class time is a new version of every booking's calendar event (the locked row is the one changed).
    const patch = ledger.session ? { ...fields, ...calendarSequencePatch(ledger.session, fields) } : fields
    if (!(await ledger.updateSession(patch, 'approved'))) return false
    // Only an admin updates a session (the permission table): its students are told.
    await ledger.notify(sessionChanged(deps.now(), ledger.session!, booked))
    await fillFreedSeats(ledger, deps.now())
    return true
  })
  if (!changed) throw conflict('Only approved sessions can be updated.')
  return modified(1)
}

export const deleteSession: RouteImpl<'deleteSession'> = async ({ store, record }) => {
  if (record.status !== 'approved') throw conflict('Only approved sessions can be deleted.')
  await store.sessions.deleteWithOwned([record._id])
  return deleted(1)
}

/** Every booking of the session, whatever its status, for its tutor and admins (the permission table). */
export const getSessionRoster: RouteImpl<'getSessionRoster'> = async ({ store, record }) => {
  return { body: await rosterOf(store, record._id) }
}
