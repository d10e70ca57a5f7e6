// /bookings: a student books an approved session while its registration is
// open (start and end inclusive) and not cancelled; the session's tutor or
// an admin approves or rejects a pending booking, and an admin edits or
// deletes an approved one. One active booking per
// student and session is the database's rule; a rejected booking may be
// requested again, which turns it back to pending (docs/rules/bookings.md).
// A session with seats takes that many pending or approved bookings and puts
// the rest in line; whatever frees a seat gives it to the first in line in
// the same transaction (../seats.ts). A cancelled booking is kept.
import { registrationState } from '#contract/rules'
import { badRequest, conflict, forbidden, notFound } from '../http-errors'
import { newId } from '../ids'
import type { RouteImpl } from '../pipeline'
import { fillFreedSeats, holdsSeat, seatOrLine, type Place } from '../seats'
import { UniqueViolation, type BookingRow } from '../store'
import { bookingEvents, calendarAnswer, reportBadRowOnce, sessionLink } from '../calendar'
import { bookingCancelled, bookingDecided, bookingNew, withSeatsAnnounced } from '../notifications'
import { deleted, isoNow, listAnswer, paging, withSessionFields } from './answers'

const refuse = (message: string) => conflict(message, { success: false })
const ALREADY_BOOKED = 'You have already booked this session.'
const CLASS_CANCELLED = 'This class is cancelled: it takes no bookings.'
const HOUR_MS = 3_600_000
const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`

export const listBookings: RouteImpl<'listBookings'> = async ({ deps, store, query }) => {
  const listed = await store.bookings.list(query.status, paging(query))
  const rows = await withSessionFields(store, listed.rows, deps.now())
  // The admin's list says who booked by name, not only by address (a page holds a few students).
  const names = new Map(
    await Promise.all(
      [...new Set(rows.map((b) => b.studentEmail))].map(
        async (email) => [email, (await store.users.byEmail(email))?.name] as const,
      ),
    ),
  )
  return listAnswer({
    ...listed,
    rows: rows.map((b) => {
      const studentName = names.get(b.studentEmail)
      return studentName ? { ...b, studentName } : b
    }),
  })
}

export const listStudentBookings: RouteImpl<'listStudentBookings'> = async ({ deps, store, params }) => {
  return { body: await withSessionFields(store, await store.bookings.ofStudent(params.email), deps.now()) }
}

type Booked = { taken: true } | ({ taken: false; id: string; again: boolean } & Place)

export const createBooking: RouteImpl<'createBooking'> = async ({ deps, body, record }) => {
  const now = deps.now()
  if (record.status !== 'approved') throw refuse('This session is not open for booking.')
  if (record.cancelledAt) throw refuse(CLASS_CANCELLED)
  const window = registrationState(record, now.getTime())
  if (window === 'upcoming') throw refuse('Registration for this session has not opened yet.')
  if (window === 'closed') throw refuse('Registration for this session has closed.')
  const booked = await withSeatsAnnounced(deps, record._id, async (ledger): Promise<Booked> => {
    if (!ledger.session) throw refuse('This session is not open for booking.')
    // Cancelled while this request waited for the lock.
    if (ledger.session.cancelledAt) throw refuse(CLASS_CANCELLED)
    const existing = await ledger.activeOf(body.studentEmail)
    if (existing && existing.status !== 'rejected') return { taken: true }
    // A seat freed without a write on this session (a student's account deleted) goes to the line first.
    await fillFreedSeats(ledger, now)
    const place = await seatOrLine(ledger)
    const { position: _position, ...stored } = place
    if (existing) {
      // Asking again after a rejection: the same booking goes back to the admin, or into line.
      const renewed = await ledger.updateBooking(existing._id, stored, 'rejected')
      if (!renewed) return { taken: true }
      await ledger.notify(bookingNew(now, { ...existing, ...stored }, ledger.session.title))
      return { taken: false, id: existing._id, again: true, ...place }
    }
    const row: BookingRow = {
      _id: newId(),
      sessionId: record._id,
      studentEmail: body.studentEmail,
      // The session decides who teaches it.
      tutorEmail: record.tutorEmail,
      bookedAt: isoNow(now),
      ...stored,
    }
    await ledger.insertBooking(row)
    await ledger.notify(bookingNew(now, row, ledger.session.title))
    return { taken: false, id: row._id, again: false, ...place }
  })
  if (booked.taken) throw refuse(ALREADY_BOOKED)
  const answer = { success: true, insertedId: booked.id, status: booked.status }
  if (booked.status === 'waitlisted') {
    const message = `This session is full: you are number ${booked.position} on the waiting list.`
    return { status: booked.again ? 200 : 201, body: { ...answer, message, waitlistPosition: booked.position } }
  }
  if (booked.again) return { body: { ...answer, message: 'Booking requested again.' } }
  return { status: 201, body: { ...answer, message: 'Session booked successfully.' } }
}

export const updateBooking: RouteImpl<'updateBooking'> = async ({ deps, store, body, record, principal }) => {
  // The session's tutor decides its pending bookings; moving a booking to another student or session stays an admin's.
  if (!('status' in body) && principal?.role !== 'admin')
    throw forbidden('A tutor may only approve or reject bookings: only an admin can move a booking.')
  if ('status' in body) {
    const status = body.status
    if (status === 'pending') throw badRequest('status: must be approved or rejected')
    const changed = await withSeatsAnnounced(deps, record.sessionId, async (ledger) => {
      if (!(await ledger.updateBooking(record._id, { status }, 'pending'))) return false
      await ledger.notify(bookingDecided(deps.now(), record, ledger.session?.title ?? '', status))
      if (status === 'rejected') await fillFreedSeats(ledger, deps.now())
      return true
    })
    if (!changed) throw conflict('Only pending bookings can be approved or rejected.')
    return { body: { success: true } }
  }
  if (record.status !== 'approved') throw conflict('Only approved bookings can be edited.')
  const session = await store.sessions.get(body.sessionId)
  if (!session) throw notFound('Session not found.')
  if (session.status !== 'approved') throw conflict('Bookings can move only to approved sessions.')
  const student = await store.users.byEmail(body.studentEmail)
  if (!student || student.role !== 'student') throw badRequest('studentEmail: no student has this email')
  try {
    const changed = await withSeatsAnnounced(deps, record.sessionId, async (ledger) => {
      const patch = { studentEmail: body.studentEmail, sessionId: body.sessionId, tutorEmail: session.tutorEmail }
      if (!(await ledger.updateBooking(record._id, patch, 'approved'))) return false
      // A booking moved to another session frees its seat here.
      if (body.sessionId !== record.sessionId) await fillFreedSeats(ledger, deps.now())
      return true
    })
    if (!changed) throw conflict('Only approved bookings can be edited.')
  } catch (error) {
    if (error instanceof UniqueViolation) throw conflict('This student has already booked that session.')
    throw error
  }
  return { body: { success: true } }
}

export const deleteBooking: RouteImpl<'deleteBooking'> = async ({ deps, record, principal }) => {
  const gone = await withSeatsAnnounced(deps, record.sessionId, async (ledger) => {
    const current = await ledger.activeOf(record.studentEmail)
    if (current?._id !== record._id || current.status !== 'approved') return false
    // No booking disappears untold: its student hears it as a cancel by an admin (written first, while it exists).
    await ledger.notify(bookingCancelled(deps.now(), current, ledger.session?.title ?? '', principal!.email))
    if (!(await ledger.deleteBooking(record._id, 'approved')))
      throw new Error(`Booking ${record._id} changed under its session's lock.`)
    await fillFreedSeats(ledger, deps.now())
    return true
  })
  if (!gone) throw conflict('Only approved bookings can be deleted.')
  return deleted(1)
}

const CANCELLABLE = new Set(['pending', 'approved', 'waitlisted'])
const NOT_CANCELLABLE = 'Only pending, approved or waitlisted bookings can be cancelled.'

/**
 * A student's cancel of their own booking that is cancelled already is what
 * they wanted: a repeat whose first answer was lost (past the Idempotency-Key's
 * day), or a cancel made meanwhile on another device or by an admin. It
 * changes nothing and says so, so a device that sends its queued cancel again
 * needs to ask nothing more.
 */
const alreadyCancelled = (booking: BookingRow, email: string) =>
  booking.status === 'cancelled' && booking.studentEmail === email
const ALREADY_CANCELLED = { body: { success: true, message: 'Booking already cancelled.' } } as const

export const cancelBooking: RouteImpl<'cancelBooking'> = async ({ deps, store, record, principal }) => {
  const now = deps.now()
  const who = principal!
  if (alreadyCancelled(record, who.email)) return ALREADY_CANCELLED
  if (!CANCELLABLE.has(record.status)) throw conflict(NOT_CANCELLABLE)
  const session = await store.sessions.get(record.sessionId)
  // Once the class has begun the seat is spent: only an admin may still cancel.
  if (who.role !== 'admin' && session && Date.parse(session.classStart) <= now.getTime())
    throw conflict('The class has started: only an admin can cancel this booking now.')
  // The session's deadline binds its students, unless the class moved after they booked (they may no longer come).
  const deadline = (session?.cancelDeadlineHours ?? 0) * HOUR_MS
  const movedSince = session?.movedAt !== undefined && session.movedAt > record.bookedAt
  if (who.role !== 'admin' && session && deadline > 0 && !movedSince)
    if (Date.parse(session.classStart) - deadline <= now.getTime())
      throw conflict(
        `Bookings of this session can be cancelled up to ${hours(session.cancelDeadlineHours!)} before the class.`,
      )
  const cancelled = await withSeatsAnnounced(deps, record.sessionId, async (ledger) => {
    // Read again under the lock: a booking in line may have got its seat meanwhile.
    const current = await ledger.activeOf(record.studentEmail)
    if (current?._id !== record._id || !CANCELLABLE.has(current.status)) return false
    const patch = { status: 'cancelled' as const, cancelledAt: isoNow(now), cancelledBy: who.email }
    if (!(await ledger.updateBooking(current._id, patch, current.status))) return false
    await ledger.notify(bookingCancelled(now, current, ledger.session?.title ?? '', who.email))
    if (holdsSeat(current.status)) await fillFreedSeats(ledger, now)
    return true
  })
  if (!cancelled) {
    // Cancelled by someone else between the first read and the lock.
    const latest = await store.bookings.get(record._id)
    if (latest && alreadyCancelled(latest, who.email)) return ALREADY_CANCELLED
    throw conflict(NOT_CANCELLABLE)
  }
  return { body: { success: true, message: 'Booking cancelled.' } }
}

export const getBookingCalendar: RouteImpl<'getBookingCalendar'> = async ({ deps, store, record, url }) => {
  const session = await store.sessions.get(record.sessionId)
  if (!session) throw notFound('Session not found.')
  const events = bookingEvents(record, session, sessionLink(deps, url, session._id), reportBadRowOnce(deps, session))
  // A class no calendar can hold leaves the file without its event, never without an answer.
  return calendarAnswer(events, deps.now(), { fileName: `studyhub-${record._id}.ics` })
}
