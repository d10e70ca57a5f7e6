// @vitest-environment node
// One push delivery's job over a real store, with the browsers played by a
// sender of the test's: the notification goes to its recipient's browsers
// once, and the delivery is marked sent when any took it, failed with the
// reason when none did; a job run again (a second try of the queue) sends
// nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '#core/ids'
import type { NotificationRow } from '#core/store'
import { openDatabase, type Database } from '../db/open-database'
import { user } from '../db/pg-store-fixtures'
import type { PushSender } from '../push/push-sender'
import { pushDelivery } from './deliver-push'

describe('a push delivery', () => {
  let database: Database
  const student = 'push.student@school.test'

  beforeAll(async () => {
    // Push is on, and the student has a browser subscribed: the store plans a push delivery for each notice.
    database = await openDatabase({ inMemory: true, deliveries: { mailEnabled: false, pushEnabled: true } })
    await database.store.users.insert(user(student))
    await database.store.pushSubscriptions.save(
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/a',
        email: student,
        p256dh: 'k',
        auth: 'a',
        createdAt: new Date().toISOString(),
      },
      0,
      10,
    )
  }, 60_000)
  afterAll(() => database?.close())

  /** A notice of the student's, written as a change writes it: with its push delivery. */
  async function notice(): Promise<NotificationRow> {
    const row: NotificationRow = {
      _id: newId(),
      recipientEmail: student,
      kind: 'material-added',
      title: 'New material',
      body: 'Notes for week 1.',
      link: '/dashboard/student/bookings/x',
      createdAt: new Date().toISOString(),
      readAt: null,
    }
    expect(await database.store.notifications.insertOnce([row])).toEqual([row])
    return row
  }

  /** A sender that answers `outcome` and records what it was given. */
  function sender(outcome: Awaited<ReturnType<PushSender['deliver']>>) {
    const given: NotificationRow[][] = []
    const push: PushSender = {
      async deliver(written) {
        given.push([...written])
        return outcome
      },
    }
    return { push, given }
  }

  const stateOf = async (id: string) => (await database.store.deliveries.ofNotifications([id])).get(id)

  it('sends the notification once and marks it sent when a browser took it', async () => {
    const row = await notice()
    expect(await stateOf(row._id)).toMatchObject([{ channel: 'push', state: 'queued', attempts: 0 }])
    const { push, given } = sender({ sent: 1, failed: 1, lastError: 'the push service answered 500' })
    const handle = pushDelivery({
      store: database.store,
      ledger: database.deliveries,
      sender: push,
      now: () => new Date(),
    })
    const attempt = { last: false, signal: new AbortController().signal, claim: 'host:1:job:0' }
    await handle({ notificationId: row._id, channel: 'push' }, attempt)
    // A second try of the same job (its process ended before the queue heard it was done) sends nothing more.
    await handle({ notificationId: row._id, channel: 'push' }, { ...attempt, claim: 'host:1:job:1' })
    expect(given).toEqual([[row]])
    expect(await stateOf(row._id)).toMatchObject([
      { channel: 'push', state: 'sent', attempts: 1, doneAt: expect.any(String) },
    ])
  })

  it('marks it failed with the reason when no browser took it', async () => {
    const row = await notice()
    const { push } = sender({ sent: 0, failed: 1, lastError: 'no answer within 10000 ms' })
    const handle = pushDelivery({
      store: database.store,
      ledger: database.deliveries,
      sender: push,
      now: () => new Date(),
    })
    await handle(
      { notificationId: row._id, channel: 'push' },
      { last: false, signal: new AbortController().signal, claim: 'h:1:j:0' },
    )
    expect(await stateOf(row._id)).toMatchObject([
      { channel: 'push', state: 'failed', lastError: 'no answer within 10000 ms' },
    ])
  })
})
