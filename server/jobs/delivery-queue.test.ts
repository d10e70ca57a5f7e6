// @vitest-environment node
// The delivery jobs are written in the transaction of the change they report,
// through its own connection: a change that commits has one job per delivery
// (keyed by it), a change that rolls back has neither rows nor jobs. On the
// embedded database (pg-boss over the database thread's one client) and, when
// the machine has one, on PostgreSQL (pg-boss's own pool).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { DELIVERY_QUEUES, deliveryKey } from '#core/deliveries'
import { newId } from '#core/ids'
import type { NotificationRow } from '#core/store'
import { targetsFromEnv } from '../../tests/conformance/harness/conformance-env'
import { startPostgresCluster, type PostgresCluster } from '../../tests/conformance/services/postgres-cluster'
import { openDatabase, type Database } from '../db/open-database'
import { booking, session, user } from '../db/pg-store-fixtures'
import { memoryLogger } from '../logger'
import { createDeliveryQueue, type DeliveryQueue } from './delivery-queue'

const withPostgres = targetsFromEnv(process.env.CONFORMANCE_TARGETS).includes('postgres')

const targets: { name: string; open: () => Promise<{ url?: string; stop?: () => void }> }[] = [
  { name: 'the embedded database', open: async () => ({}) },
  ...(withPostgres
    ? [
        {
          name: 'PostgreSQL',
          open: async () => {
            const cluster: PostgresCluster = await startPostgresCluster()
            return { url: cluster.url, stop: () => cluster.stop() }
          },
        },
      ]
    : []),
]

describe.each(targets)('delivery jobs on $name', ({ open }) => {
  let database: Database
  let queue: DeliveryQueue
  let stop: (() => void) | undefined
  /** A reader of the jobs table of its own, as an operator would look. */
  let jobs: (name: string, key: string) => Promise<{ state: string }[]>
  let closeReader = async () => {}

  beforeAll(async () => {
    const opened = await open()
    stop = opened.stop
    queue = createDeliveryQueue(memoryLogger())
    const deliveries = { mailEnabled: true, pushEnabled: false, jobs: queue.jobs }
    database = await openDatabase(opened.url ? { databaseUrl: opened.url, deliveries } : { inMemory: true, deliveries })
    await queue.start(database)
    const reader = opened.url ? new pg.Pool({ connectionString: opened.url }) : undefined
    closeReader = async () => void (await reader?.end())
    // pg-boss's own table, read as an operator would.
    const text = 'select state from pgboss.job where name = $1 and singleton_key = $2'
    jobs = async (name, key) => {
      if (reader) return (await reader.query<{ state: string }>(text, [name, key])).rows
      const { jobDatabase } = database
      if (jobDatabase.kind !== 'pglite') throw new Error('An embedded database was opened.')
      return ((await jobDatabase.run(text, [name, key])) as { rows: { state: string }[] }).rows
    }
  }, 120_000)
  afterAll(async () => {
    await closeReader()
    await queue?.stop(1000)
    await database?.close()
    stop?.()
  })

  /** A student's pending booking and the approval notice it would get. */
  async function approval(): Promise<{ sessionId: string; bookingId: string; notice: NotificationRow }> {
    const tutor = user(`tutor.${newId()}@school.test`, { role: 'tutor' })
    const student = user(`student.${newId()}@school.test`)
    await database.store.users.insert(tutor)
    await database.store.users.insert(student)
    const planned = session(tutor.email)
    await database.store.sessions.insert(planned)
    const row = booking(planned, student.email)
    await database.store.bookings.withSeats(planned._id, (ledger) => ledger.insertBooking(row))
    const notice: NotificationRow = {
      _id: newId(),
      recipientEmail: student.email,
      kind: 'booking-approved',
      title: 'Booking approved',
      body: 'Approved.',
      link: '/dashboard/student/bookings/x',
      bookingId: row._id,
      createdAt: new Date().toISOString(),
      readAt: null,
    }
    return { sessionId: planned._id, bookingId: row._id, notice }
  }

  it('writes one job per delivery with the change that commits, keyed by the delivery', async () => {
    const { sessionId, bookingId, notice } = await approval()
    await database.store.bookings.withSeats(sessionId, async (ledger) => {
      await ledger.updateBooking(bookingId, { status: 'approved' }, 'pending')
      await ledger.notify([notice])
    })
    const key = deliveryKey({ notificationId: notice._id, channel: 'email' })
    expect((await database.store.deliveries.ofNotifications([notice._id])).get(notice._id)).toMatchObject([
      { channel: 'email', state: 'queued', recipientEmail: notice.recipientEmail, attempts: 0 },
    ])
    expect(await jobs(DELIVERY_QUEUES.email, key)).toEqual([expect.objectContaining({ state: 'created' })])
  })

  it('writes neither rows nor jobs for a change that rolls back', async () => {
    const { sessionId, bookingId, notice } = await approval()
    await expect(
      database.store.bookings.withSeats(sessionId, async (ledger) => {
        await ledger.updateBooking(bookingId, { status: 'approved' }, 'pending')
        await ledger.notify([notice])
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await database.store.notifications.get(notice._id)).toBeUndefined()
    expect(await database.store.deliveries.ofNotifications([notice._id])).toEqual(new Map())
    expect(await jobs(DELIVERY_QUEUES.email, deliveryKey({ notificationId: notice._id, channel: 'email' }))).toEqual([])
    expect((await database.store.bookings.get(bookingId))?.status).toBe('pending')
  })

  it('writes a reminder and its job once, however many schedulers try', async () => {
    const { notice } = await approval()
    const reminder: NotificationRow = { ...notice, kind: 'class-reminder', reminderLead: '1d' }
    const tries = await Promise.all(
      [1, 2, 3].map(() => database.store.notifications.insertOnce([{ ...reminder, _id: newId() }])),
    )
    const written = tries.flat()
    expect(written).toHaveLength(1)
    const key = deliveryKey({ notificationId: written[0]!._id, channel: 'email' })
    expect(await jobs(DELIVERY_QUEUES.email, key)).toHaveLength(1)
  })
})
