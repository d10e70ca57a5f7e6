// What a notification's mail is written from, read when it is sent (not when
// the notification was written): the recipient's name and time zone as they
// are now, and for a booking's notification the booking and its session as
// they are now, so a mail sent late or sent again tells the latest class time
// and its invite the latest version. Null when there is no one to send to.
import { resolvePreferences } from '../notification-preferences'
import type { NotificationRow, Store } from '../store'
import { signUnsubscribeToken } from '../unsubscribe-tokens'
import type { MailContext } from './render-mail'

export async function loadMailContext(
  store: Store,
  notification: NotificationRow,
  origins: { appOrigin: string; apiOrigin: string },
  now: Date,
): Promise<MailContext | null> {
  const email = notification.recipientEmail
  const [user, preferences] = await Promise.all([store.users.byEmail(email), store.preferences.get(email)])
  // A deleted account is told nothing more.
  if (!user) return null
  const booking = notification.bookingId ? await store.bookings.get(notification.bookingId) : undefined
  // A booking or session deleted since leaves a mail without the class's details and invite.
  const session = booking ? await store.sessions.get(booking.sessionId) : undefined
  return {
    notification,
    recipient: { email, name: user.name, timeZone: resolvePreferences(preferences).timeZone },
    ...(booking && session ? { booking, session } : {}),
    ...origins,
    unsubscribeToken: await signUnsubscribeToken(await store.meta.tokenSecret(), { email, kind: notification.kind }),
    now,
  }
}
