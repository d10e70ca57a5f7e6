// The demo database's upgrades to reminders per lead and per meeting: a demo
// installed before keeps its inbox, its reminders count as the one-day lead
// of the session's one meeting they were, and a booking may then get its
// one-hour reminder too, each lead and meeting once.
import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import type { NotificationRow } from '#core/store'
import { DemoDb } from './demo-db'
import { storeOf } from './store-of'

const NAME = 'demo-db-upgrade-test'

afterEach(() => Dexie.delete(NAME))

const CLASS_START = '2026-05-02T10:00:00.000Z'

const reminder = (id: string, lead?: '1h' | '1d', meetingStart?: string): NotificationRow => ({
  _id: id,
  kind: 'class-reminder',
  recipientEmail: 'student@studyhub.demo',
  bookingId: 'b1',
  title: 'Class starts soon',
  body: '"Graphs" starts soon.',
  link: '/dashboard/student/bookings/s1',
  createdAt: '2026-05-01T10:00:00.000Z',
  readAt: null,
  ...(lead ? { reminderLead: lead } : {}),
  ...(meetingStart ? { meetingStart } : {}),
})

describe('demo database, version 6', () => {
  it('upgrades a reminder written before leads to the one-day lead, and takes each lead once', async () => {
    // The inbox as version 5 kept it: one reminder per booking, keyed by booking and kind.
    const old = new Dexie(NAME)
    old.version(5).stores({
      notifications: '_id, [recipientEmail+createdAt], &onceKey, bookingId',
      sessions: '_id',
      bookings: '_id',
    })
    await old.table('sessions').add({ _id: 's1', classStart: CLASS_START, duration: 2 })
    await old.table('bookings').add({ _id: 'b1', sessionId: 's1' })
    await old.table('notifications').add({ ...reminder('n1'), onceKey: 'b1\nclass-reminder' })
    old.close()

    const db = new DemoDb(NAME)
    const [upgraded] = await db.notifications.toArray()
    expect(upgraded).toMatchObject({ _id: 'n1', reminderLead: '1d', meetingStart: CLASS_START })
    const written = await storeOf(db).notifications.insertOnce([
      reminder('n2', '1d', CLASS_START),
      reminder('n3', '1h', CLASS_START),
      reminder('n5', '1d', '2026-05-09T10:00:00.000Z'),
    ])
    expect(written.map((n) => n._id)).toEqual(['n3', 'n5'])
    expect(await storeOf(db).notifications.insertOnce([reminder('n4', '1h', CLASS_START)])).toEqual([])
    db.close()
  })
})
