// /users and /jwt: accounts and sign-in. A user record is bound to the
// identity provider's uid at the first sign-in; after that only that uid opens
// it. An unbound record (seeded, or created before the binding existed) is
// claimed only by an identity whose email the provider has verified: an email
// typed at sign-up proves nothing (docs/decisions/0004-identity-by-provider-uid.md).
// A new email is bound to whoever signs up with it first, verified or not, and
// the record says which: an unverified binding gives way to a verified identity
// of the same email, and is never made an admin or a tutor
// (docs/decisions/0049-verified-email-bindings.md).
// Every app token names the user's credential generation, which a takeover, a
// role change and a sign-out of every device move on: whatever was given
// under the old one (app tokens, file links, the calendar feed, push
// subscriptions) stops working at once
// (docs/decisions/0071-credentials-end-with-their-generation.md).
import { TEXT_LIMITS } from '#contract/limits'
import { isAcceptedPhotoUrl } from '#contract/photo-url'
import type { VerifiedIdentity } from '../identity'
import { conflict, forbidden, notFound, unauthorized } from '../http-errors'
import { newId } from '../ids'
import { APP_TOKEN, signJwt } from '../jwt'
import { changedPreferences, resolvePreferences } from '../notification-preferences'
import type { RouteImpl } from '../pipeline'
import { credentialGeneration, UniqueViolation, type Store, type UserRow } from '../store'
import { adminUser, deleted, isoNow, listAnswer, modified, paging, publicUser } from './answers'

const TAKEN = 'An account with this email already exists and belongs to another sign-in.'
const UNVERIFIED =
  'An account with this email already exists. Verify your email address with the sign-in provider, or sign in with Google, to use it.'
const UNVERIFIED_ROLE =
  "This account's email is not verified: its owner must verify it with the sign-in provider, or sign in with Google, before it can be made a tutor."
const SIGNED_OUT = 'This sign-in ended when the account signed out of every device. Sign in again.'

const providerPhoto = (picture: string | null) => (picture && isAcceptedPhotoUrl(picture) ? picture : '')

/** Whether `identity` opens `user` at its next sign-in: its own binding, or a verified email's claim. */
function mayClaim(user: UserRow, identity: VerifiedIdentity): boolean {
  if (user.uid === identity.uid) return true
  return identity.emailVerified && (!user.uid || !user.emailVerified)
}

/**
 * The user record this identity opens: bound to its uid, or an unbound record it
 * may claim, or a new student record. Never another identity's record.
 */
export async function accountFor(
  store: Store,
  identity: VerifiedIdentity,
  profile: { name?: string | undefined; photo?: string | undefined },
  now: Date,
): Promise<{ user: UserRow; created: boolean }> {
  const bound = await store.users.byUid(identity.uid)
  if (bound) {
    // The provider has since vouched for the email this record was bound with.
    if (identity.emailVerified && !bound.emailVerified && identity.email === bound.email) {
      // The same identity: its credentials stay (the generation moves only for another one).
      const verified = await store.users.bindVerified(bound._id, identity.uid, identity.uid)
      return { user: verified ?? { ...bound, emailVerified: true }, created: false }
    }
    return { user: bound, created: false }
  }
  const sameEmail = await store.users.byEmail(identity.email)
  if (sameEmail) {
    if (!identity.emailVerified) throw conflict(sameEmail.uid ? TAKEN : UNVERIFIED)
    if (!mayClaim(sameEmail, identity)) throw conflict(TAKEN)
    // Unbound, or bound by an identity that never proved the email: the proven owner takes it, and
    // every credential the first identity was given ends with the generation the binding moves on.
    const taken = await store.users.bindVerified(sameEmail._id, identity.uid, sameEmail.uid ?? null)
    if (!taken) throw conflict(TAKEN)
    return { user: taken, created: false }
  }
  // Whatever role a client asks for, a new account is a student.
  const user: UserRow = {
    _id: newId(),
    // The provider's name and picture are not ours to trust for length.
    name: (profile.name?.trim() || identity.name || identity.email.split('@')[0]!).slice(0, TEXT_LIMITS.name),
    email: identity.email,
    // The request's photo passed the contract's rule; the provider's is whatever its user set.
    photo: (profile.photo?.trim() || providerPhoto(identity.picture)).slice(0, TEXT_LIMITS.url),
    role: 'student',
    created_at: isoNow(now),
    last_log_in: isoNow(now),
    uid: identity.uid,
    emailVerified: identity.emailVerified,
  }
  try {
    await store.users.insert(user)
    return { user, created: true }
  } catch (error) {
    // Two first sign-ins of one identity at once: the other one made the record.
    if (error instanceof UniqueViolation && error.rule === 'user.uid') {
      const winner = await store.users.byUid(identity.uid)
      if (winner) return { user: winner, created: false }
    }
    if (error instanceof UniqueViolation && error.rule === 'user.email') throw conflict(TAKEN)
    throw error
  }
}

export const getUser: RouteImpl<'getUser'> = async ({ store, params, principal }) => {
  const user = await store.users.byEmail(params.email)
  // An ID token reads only the record it would open at POST /jwt: another
  // identity with the same email, or one whose email is unverified, learns
  // nothing of a record it may not claim (its role least of all).
  const identity = principal?.identity
  if (!user || (identity && !mayClaim(user, identity))) throw notFound('User not found.')
  return { body: publicUser(user) }
}

export const issueToken: RouteImpl<'issueToken'> = async ({ deps, store, body, principal }) => {
  const identity = principal!.identity!
  const now = deps.now()
  const { user } = await accountFor(store, identity, {}, now)
  // The provider still renews the ID tokens of a sign-in made before the
  // account signed out of every device: that sign-in has ended all the same.
  if (user.signedOutAt && identity.authTime < Math.floor(Date.parse(user.signedOutAt) / 1000)) {
    throw unauthorized(SIGNED_OUT)
  }
  await store.users.update(user._id, { last_log_in: isoNow(now) })
  if (body.timeZone) await keepFirstTimeZone(store, user.email, body.timeZone)
  const token = await signJwt(
    await store.meta.tokenSecret(),
    APP_TOKEN,
    { sub: user._id, email: user.email, gen: credentialGeneration(user) },
    deps.appTokenTtlSeconds,
    Math.floor(now.getTime() / 1000),
  )
  return { body: { token } }
}

/**
 * The browser's zone at sign-in becomes the user's when they have none yet, so
 * their first mail already tells times in it; a zone stored (chosen in
 * Settings, or an earlier sign-in's) is never replaced by a device's.
 */
async function keepFirstTimeZone(store: Store, email: string, timeZone: string): Promise<void> {
  const stored = await store.preferences.get(email)
  if (!stored?.timeZone) await store.preferences.save(changedPreferences(email, stored, { timeZone }))
}

export const createUser: RouteImpl<'createUser'> = async ({ deps, store, body, principal }) => {
  const who = principal!
  const now = deps.now()
  if (who.identity) {
    const { user, created } = await accountFor(store, who.identity, body, now)
    if (created) return { status: 201, body: { acknowledged: true, insertedId: user._id, existing: false } }
    await fillProfile(store, user, body, now)
    return { body: { acknowledged: true, insertedId: null, existing: true } }
  }
  // An app token: the record exists already; a sign-up retried after its token.
  const user = who.userId ? await store.users.get(who.userId) : undefined
  if (!user) throw notFound('User not found.')
  await fillProfile(store, user, body, now)
  return { body: { acknowledged: true, insertedId: null, existing: true } }
}

/** A repeated sign-up fills in a missing name or photo, and never overwrites one. */
async function fillProfile(store: Store, user: UserRow, body: { name?: string; photo?: string }, now: Date) {
  await store.users.update(user._id, {
    last_log_in: isoNow(now),
    ...(!user.name && body.name?.trim() ? { name: body.name.trim() } : {}),
    ...(!user.photo && body.photo?.trim() ? { photo: body.photo.trim() } : {}),
  })
}

export const listUsers: RouteImpl<'listUsers'> = async ({ store, query }) => {
  const listed = await store.users.list(query.search, paging(query))
  return listAnswer({ ...listed, rows: listed.rows.map(adminUser) })
}

export const getUserOwned: RouteImpl<'getUserOwned'> = async ({ store, record }) => {
  return { body: await store.users.owned(record.email) }
}

export const updateUserRole: RouteImpl<'updateUserRole'> = async ({ store, body, record }) => {
  if (record.role === 'admin') throw forbidden('Admin users cannot be changed.')
  // More than a student's role goes only to an email's proven owner: an unverified binding gives way
  // to the owner at their first verified sign-in. An unbound record may: only a verified identity can
  // claim it. Checking the record as read is enough, since a binding is only ever verified, never unverified.
  if (body.role !== 'student' && record.uid && !record.emailVerified) throw conflict(UNVERIFIED_ROLE)
  // A change ends the user's app tokens, calendar feed and push subscriptions (the store moves the generation).
  return modified((await store.users.setRole(record._id, body.role)) ? 1 : 0)
}

/** Ends every sign-in of the caller, this device's too: the app then signs out here as at a logout. */
export const signOutEverywhere: RouteImpl<'signOutEverywhere'> = async ({ deps, store, principal }) => {
  if (!(await store.users.endSessions(principal!.userId!, isoNow(deps.now())))) throw notFound('User not found.')
  return { body: { success: true, message: 'Signed out of every device.' } }
}

export const deleteUser: RouteImpl<'deleteUser'> = async ({ store, record }) => {
  if (record.role === 'admin') throw forbidden('Admin users cannot be deleted.')
  await store.users.deleteWithOwned(record)
  return deleted(1)
}

export const getNotificationPreferences: RouteImpl<'getNotificationPreferences'> = async ({ store, principal }) => {
  return { body: resolvePreferences(await store.preferences.get(principal!.email)) }
}

export const saveNotificationPreferences: RouteImpl<'saveNotificationPreferences'> = async ({
  store,
  body,
  principal,
}) => {
  const email = principal!.email
  const row = changedPreferences(email, await store.preferences.get(email), body)
  await store.preferences.save(row)
  return { body: resolvePreferences(row) }
}
