// /reviews: a student who booked a session (a booking not rejected) reviews
// it once; the database keeps it to one. Everyone may read a session's
// reviews, but a reviewer's email is shown only to admins and to the reviewer
// (docs/rules/reviews.md).
import type { Review } from '#contract/entities'
import { forbidden } from '../http-errors'
import { newId } from '../ids'
import type { Principal } from '../permissions'
import type { RouteImpl } from '../pipeline'
import { accountName, deleted, inserted, isoNow, listAnswer, paging, withAttended } from './answers'

function forViewer(review: Review, viewer: Principal | null): Review {
  if (viewer?.role === 'admin' || (viewer && viewer.email === review.studentEmail)) return review
  const { studentEmail: _email, ...rest } = review
  return rest
}

export const listReviews: RouteImpl<'listReviews'> = async ({ store, query }) => {
  const listed = await store.reviews.list(paging(query))
  return listAnswer({ ...listed, rows: await withAttended(store, listed.rows) })
}

export const listSessionReviews: RouteImpl<'listSessionReviews'> = async ({ store, record, principal }) => {
  const rows = await withAttended(store, await store.reviews.ofSession(record._id))
  return { body: rows.map((r) => forViewer(r, principal)) }
}

export const createReview: RouteImpl<'createReview'> = async ({ deps, store, body, record, principal }) => {
  const booking = await store.bookings.of(body.studentEmail, record._id)
  if (!booking || booking.status === 'rejected') throw forbidden('Only students who booked this session can review it.')
  const _id = newId()
  await store.reviews.insert({
    _id,
    sessionId: record._id,
    studentEmail: body.studentEmail,
    // The account's name, whatever name the client sent.
    studentName: await accountName(store, principal!.userId, body.studentEmail),
    comment: body.comment,
    rating: body.rating,
    createdAt: isoNow(deps.now()),
  })
  return inserted(_id)
}

export const deleteReview: RouteImpl<'deleteReview'> = async ({ store, record }) => {
  return deleted((await store.reviews.delete(record._id)) ? 1 : 0)
}
