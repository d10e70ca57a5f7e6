// /unsubscribe/:token: a mail's one-click unsubscribe (RFC 8058) and its
// landing page's question. No sign-in: the signed token is the proof
// (../unsubscribe-tokens.ts), and it turns off email of one kind for one
// recipient, nothing more. Unsubscribing twice is no error.
import { notFound } from '../http-errors'
import { changedPreferences, resolvePreferences } from '../notification-preferences'
import type { RouteImpl } from '../pipeline'
import type { Store } from '../store'
import { maskedEmail, verifyUnsubscribeToken, type UnsubscribeSubject } from '../unsubscribe-tokens'

const NOT_A_LINK = 'This unsubscribe link is not valid. Change what you are emailed about in Settings.'

async function subjectOf(store: Store, token: string): Promise<UnsubscribeSubject> {
  const subject = await verifyUnsubscribeToken(await store.meta.tokenSecret(), token)
  // A deleted account has nothing left to unsubscribe.
  if (!subject || !(await store.users.byEmail(subject.email))) throw notFound(NOT_A_LINK)
  return subject
}

export const getUnsubscribe: RouteImpl<'getUnsubscribe'> = async ({ store, params }) => {
  const { email, kind } = await subjectOf(store, params.token)
  const { channels } = resolvePreferences(await store.preferences.get(email))
  return {
    body: { kind, maskedEmail: maskedEmail(email), subscribed: channels[kind].email },
    headers: { 'Cache-Control': 'no-store' },
  }
}

export const unsubscribe: RouteImpl<'unsubscribe'> = async ({ store, params }) => {
  const { email, kind } = await subjectOf(store, params.token)
  await store.preferences.save(
    changedPreferences(email, await store.preferences.get(email), { channels: { [kind]: { email: false } } }),
  )
  return { body: { success: true, message: 'You will no longer get these emails.' } }
}
