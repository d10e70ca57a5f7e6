// /notifications: each user's inbox, newest first, and how many are unread
// (the bell). Only the caller's own: the permission table admits only its
// recipient to a notification.
import { notFound } from '../http-errors'
import type { RouteImpl } from '../pipeline'
import type { NotificationRow } from '../store'
import { isoNow, listAnswer, paging } from './answers'

/** A notification as answered: whose it is and its booking stay on the server. */
const publicNotification = ({
  recipientEmail: _to,
  bookingId: _booking,
  reminderLead: _lead,
  meetingStart: _meeting,
  ...shown
}: NotificationRow) => shown

export const listNotifications: RouteImpl<'listNotifications'> = async ({ store, query, principal }) => {
  const listed = await store.notifications.ofRecipient(principal!.email, paging(query))
  const deliveries = await store.deliveries.ofNotifications(listed.rows.map((row) => row._id))
  return listAnswer({
    ...listed,
    rows: listed.rows.map((row) => ({
      ...publicNotification(row),
      deliveries: (deliveries.get(row._id) ?? []).map(({ channel, state }) => ({ channel, state })),
    })),
  })
}

export const getUnreadNotificationCount: RouteImpl<'getUnreadNotificationCount'> = async ({ store, principal }) => {
  return {
    body: { unread: await store.notifications.unread(principal!.email) },
    headers: { 'Cache-Control': 'no-store' },
  }
}

export const markNotificationRead: RouteImpl<'markNotificationRead'> = async ({ deps, store, record }) => {
  if (!(await store.notifications.markRead(record._id, isoNow(deps.now())))) throw notFound('Notification not found.')
  return { body: { unread: await store.notifications.unread(record.recipientEmail) } }
}

export const markAllNotificationsRead: RouteImpl<'markAllNotificationsRead'> = async ({ deps, store, principal }) => {
  const email = principal!.email
  await store.notifications.markAllRead(email, isoNow(deps.now()))
  return { body: { unread: await store.notifications.unread(email) } }
}
