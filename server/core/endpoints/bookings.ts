// /bookings: a student books an approved session while its registration is
// open (start and end inclusive); an admin approves or rejects a pending
// booking, and edits or deletes an approved one. One booking per student and
// session is the database's rule; a rejected booking may be requested again,
// which turns it back to pending (docs/rules/bookings.md).
import { registrationState } from '#contract/rules'
import { badRequest, conflict, notFound } from '../http-errors'
import { newId } from '../ids'
import type { RouteImpl } from '../pipeline'
import { UniqueViolation } from '../store'
import { deleted, isoNow, listAnswer, paging, withSessionFields } from './answers'

const refuse = (message: string) => conflict(message, { success: false })

export const listBookings: RouteImpl<'listBookings'> = async ({ store, query }) => {
  const listed = await store.bookings.list(query.status, paging(query))
  return listAnswer({ ...listed, rows: await withSessionFields(store, listed.rows) })
}

export const listStudentBookings: RouteImpl<'listStudentBookings'> = async ({ store, params }) => {
  return { body: await withSessionFields(store, await store.bookings.ofStudent(params.email)) }
}

export const createBooking: RouteImpl<'createBooking'> = async ({ deps, store, body, record }) => {
  const now = deps.now()
  if (record.status !== 'approved') throw refuse('This session is not open for booking.')
  const window = registrationState(record, now.getTime())
  if (window === 'upcoming') throw refuse('Registration for this session has not opened yet.')
  if (window === 'closed') throw refuse('Registration for this session has closed.')
  const existing = await store.bookings.of(body.studentEmail, record._id)
  if (existing?.status === 'rejected') {
    // Asking again after a rejection: the same booking goes back to the admin.
    if (await store.bookings.update(existing._id, { status: 'pending' }, 'rejected'))
      return { body: { success: true, message: 'Booking requested again.', insertedId: existing._id } }
  }
  if (existing) throw refuse('You have already booked this session.')
  const _id = newId()
  await store.bookings.insert({
    _id,
    sessionId: record._id,
    studentEmail: body.studentEmail,
    // The session decides who teaches it.
    tutorEmail: record.tutorEmail,
    status: 'pending',
    bookedAt: isoNow(now),
  })
  return { status: 201, body: { success: true, message: 'Session booked successfully.', insertedId: _id } }
}

export const updateBooking: RouteImpl<'updateBooking'> = async ({ store, body, record }) => {
  if ('status' in body) {
    if (body.status === 'pending') throw badRequest('status: must be approved or rejected')
    if (!(await store.bookings.update(record._id, { status: body.status }, 'pending')))
      throw conflict('Only pending bookings can be approved or rejected.')
    return { body: { success: true } }
  }
  if (record.status !== 'approved') throw conflict('Only approved bookings can be edited.')
  const session = await store.sessions.get(body.sessionId)
  if (!session) throw notFound('Session not found.')
  if (session.status !== 'approved') throw conflict('Bookings can move only to approved sessions.')
  const student = await store.users.byEmail(body.studentEmail)
  if (!student || student.role !== 'student') throw badRequest('studentEmail: no student has this email')
  try {
    const changed = await store.bookings.update(
      record._id,
      { studentEmail: body.studentEmail, sessionId: body.sessionId, tutorEmail: session.tutorEmail },
      'approved',
    )
    if (!changed) throw conflict('Only approved bookings can be edited.')
  } catch (error) {
    if (error instanceof UniqueViolation) throw conflict('This student has already booked that session.')
    throw error
  }
  return { body: { success: true } }
}

export const deleteBooking: RouteImpl<'deleteBooking'> = async ({ store, record }) => {
  if (!(await store.bookings.delete(record._id, 'approved'))) throw conflict('Only approved bookings can be deleted.')
  return deleted(1)
}
