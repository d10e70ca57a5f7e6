// /calendar-feeds/:email and /calendar/:token: a student's private calendar
// feed. The student makes (or remakes) a secret address and may revoke it; a
// calendar app reads the feed with no sign-in, the secret in the path being
// the only proof, so it lists that student's approved bookings and nothing
// else, and a new address ends the old one. A feed belongs to the credential
// generation it was made under: a takeover of the account, a role change or a
// sign-out of every device deletes it.
import type { ApiDeps } from '../api-deps'
import { apiOrigin, bookingEvents, calendarAnswer, reportBadRowOnce, sessionLink } from '../calendar'
import { invalidToken, notFound } from '../http-errors'
import { FILE_ID_PATTERN, newFileId } from '../ids'
import type { RouteImpl } from '../pipeline'
import { deleted, isoNow } from './answers'

const feedUrl = (deps: ApiDeps, url: URL, token: string) => `${apiOrigin(deps, url)}/api/calendar/${token}`

export const getCalendarFeed: RouteImpl<'getCalendarFeed'> = async ({ deps, store, params, url }) => {
  const token = await store.calendarFeeds.tokenOf(params.email)
  return { body: { url: token ? feedUrl(deps, url, token) : null } }
}

export const createCalendarFeed: RouteImpl<'createCalendarFeed'> = async ({ deps, store, params, url, principal }) => {
  const token = newFileId()
  // Made only while the caller's token is still of the current generation: a feed asked for
  // with a token that ended meanwhile would outlive the sign-in it came from.
  if (!(await store.calendarFeeds.replace(params.email, token, isoNow(deps.now()), principal!.generation!))) {
    throw invalidToken()
  }
  return { status: 201, body: { url: feedUrl(deps, url, token) } }
}

export const deleteCalendarFeed: RouteImpl<'deleteCalendarFeed'> = async ({ store, params }) => {
  return deleted((await store.calendarFeeds.remove(params.email)) ? 1 : 0)
}

export const readCalendarFeed: RouteImpl<'readCalendarFeed'> = async ({ deps, store, params, url }) => {
  const email = FILE_ID_PATTERN.test(params.token) ? await store.calendarFeeds.emailOf(params.token) : undefined
  if (!email) throw notFound('Calendar feed not found.')
  const approved = (await store.bookings.ofStudent(email)).filter((b) => b.status === 'approved')
  const sessions = await store.sessions.getMany(approved.map((b) => b.sessionId))
  const events = approved.flatMap((booking) => {
    const session = sessions.get(booking.sessionId)
    return session
      ? bookingEvents(booking, session, sessionLink(deps, url, session._id), reportBadRowOnce(deps, session))
      : []
  })
  return calendarAnswer(events, deps.now(), { name: 'StudyHub bookings' })
}
