// @vitest-environment node
// Mail from the API server, end to end in one process: the server on an
// embedded database in a temporary folder, its mail through a real SMTP
// server on loopback (../../tests/conformance/services/smtp-capture.ts), each
// mail read as a mail client reads it. An approved booking mails its student
// once, with the unsubscribe headers, both parts and the invite (REQUEST, the
// booking's UID); an admin's cancel mails the CANCEL of the same event; a
// student who turned such mail off gets none; and a failing SMTP server has
// the mail tried again, each wait longer, then given up, which the admin's
// mail health shows.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpCapture, TEMPORARY_FAILURE, type SmtpCapture } from '../../tests/conformance/services/smtp-capture'
import { loadConfig } from '../config'
import { openDatabase } from '../db/open-database'
import { memoryLogger } from '../logger'
import { startServer, type RunningServer } from '../main'
import type { QueueTimings } from './delivery-queue'
import { book, call, MAIL_FROM, prepareWorld, readCalendar, readMail, type MailWorld } from './mail-fixtures'

/** Retries a second apart, then two: the backoff in seconds instead of minutes. */
const TIMINGS: QueueTimings = {
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 4,
  heartbeatSeconds: 10,
  superviseIntervalSeconds: 5,
  pollingIntervalSeconds: 0.5,
}
const ANA = 'ana.mail@school.test'
const BEN = 'ben.mail@school.test'
const CAL = 'cal.mail@school.test'

describe('mail of an approved and a cancelled booking', () => {
  let root = ''
  let smtp: SmtpCapture
  let running: RunningServer
  let world: MailWorld
  const logger = memoryLogger()

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'studyhub-mail-'))
    const dataDir = join(root, 'data')
    smtp = await startSmtpCapture()
    const config = {
      ...loadConfig({
        DATA_DIR: dataDir,
        DATA_DIR_SYNC: 'false',
        SEED: 'never',
        REMINDER_INTERVAL_SECONDS: '0',
        RATE_LIMIT_WRITES: '0',
        SMTP_URL: smtp.url,
        MAIL_FROM,
      }),
      port: 0,
    }
    // The world is written before the server starts, as a school's data would be there already.
    const database = await openDatabase({ dataDir, syncToDisk: false, tokenKey: 'mail-test-key-of-thirty-two-chars!' })
    world = await prepareWorld(database.store, [ANA, BEN, CAL])
    await database.close()
    running = await startServer(
      { ...config, tokenSecret: 'mail-test-key-of-thirty-two-chars!' },
      { identity: { verify: async () => null }, logger, queueTimings: TIMINGS },
    )
  }, 120_000)
  afterAll(async () => {
    await running?.close()
    await smtp?.close()
    rmSync(root, { recursive: true, force: true })
  })

  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(running.url, world, who, method, path, body)

  it('mails the student the approval with its invite, and the cancel with the same event cancelled', async () => {
    const booked = await book(running.url, world, ANA)
    expect((await as(world.admin, 'PATCH', `/bookings/${booked}`, { status: 'approved' })).status).toBe(200)
    await running.deliveriesDone()
    const [approved, ...others] = await Promise.all(smtp.received().map(readMail))
    // One mail: the tutor's news of the booking is not mailed by default.
    expect(others).toEqual([])
    expect(approved!.to).toBe(ANA)
    expect(approved!.parsed.subject).toContain('Thermodynamics')
    expect(approved!.parsed.from?.value).toEqual([{ address: 'noreply@studyhub.test', name: 'StudyHub' }])
    expect(approved!.parsed.text).toContain('Thermodynamics')
    expect(approved!.parsed.html).toContain('Thermodynamics')
    // One click unsubscribes (RFC 8058): an https or http link to this API, posted to.
    expect(approved!.header('List-Unsubscribe')).toMatch(new RegExp(`<${running.url}/api/unsubscribe/[\\w.-]+>`))
    expect(approved!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(approved!.parsed.messageId).toMatch(/@studyhub\.test>$/)

    // The invite is the booking's own event: the UID its calendar answer has.
    const calendar = await fetch(`${running.url}/api/bookings/${booked}/calendar`, {
      headers: { Authorization: `Bearer ${world.tokens.get(ANA)}` },
    })
    const { uid } = readCalendar(await calendar.text())
    expect(approved!.invite).toEqual({ method: 'REQUEST', uid, summary: 'Thermodynamics' })
    expect(approved!.inviteShown).toBe(true)

    smtp.clear()
    expect((await as(world.admin, 'PATCH', `/bookings/${booked}/cancel`)).status).toBe(200)
    await running.deliveriesDone()
    const [cancelled, ...more] = await Promise.all(smtp.received().map(readMail))
    expect(more).toEqual([])
    expect(cancelled!.to).toBe(ANA)
    expect(cancelled!.invite).toMatchObject({ method: 'CANCEL', uid })
    expect(cancelled!.parsed.messageId).not.toBe(approved!.parsed.messageId)

    // The inbox tells the student how each went.
    const inbox = await as(ANA, 'GET', '/notifications')
    const rows = inbox.body as unknown as { kind: string; deliveries: { channel: string; state: string }[] }[]
    expect(rows.map((n) => [n.kind, n.deliveries])).toEqual([
      ['booking-cancelled', [{ channel: 'email', state: 'sent' }]],
      ['booking-approved', [{ channel: 'email', state: 'sent' }]],
    ])
  }, 30_000)

  it('sends no mail of a kind its student turned off', async () => {
    smtp.clear()
    const saved = await as(BEN, 'PATCH', '/users/me/notification-preferences', {
      channels: { 'booking-approved': { email: false } },
    })
    expect(saved.status).toBe(200)
    const booked = await book(running.url, world, BEN)
    expect((await as(world.admin, 'PATCH', `/bookings/${booked}`, { status: 'approved' })).status).toBe(200)
    await running.deliveriesDone()
    const inbox = await as(BEN, 'GET', '/notifications')
    expect(
      (inbox.body as unknown as { kind: string; deliveries: unknown[] }[]).map((n) => [n.kind, n.deliveries]),
    ).toEqual([['booking-approved', []]])
    expect(smtp.attempts()).toBe(0)
  }, 30_000)

  it('tries a mail the SMTP server refuses for now again, each wait longer, then gives it up and says why', async () => {
    smtp.clear()
    smtp.behaviour = 'fail'
    try {
      const booked = await book(running.url, world, CAL)
      expect((await as(world.admin, 'PATCH', `/bookings/${booked}`, { status: 'approved' })).status).toBe(200)
      await running.deliveriesDone(20_000)
    } finally {
      smtp.behaviour = 'accept'
    }
    // The first try and two more, the second wait longer than the first (about 1-2 s, then 2-4 s).
    const tries = smtp.arrivals()
    expect(tries).toHaveLength(TIMINGS.retryLimit + 1)
    const [first, second] = [tries[1]! - tries[0]!, tries[2]! - tries[1]!]
    expect(first).toBeGreaterThanOrEqual(TIMINGS.retryDelaySeconds * 1000)
    expect(second).toBeGreaterThanOrEqual(2 * TIMINGS.retryDelaySeconds * 1000)
    expect(smtp.received()).toEqual([])

    const stats = await as(world.admin, 'GET', '/admin/stats')
    expect(stats.body.mail).toEqual({
      enabled: true,
      sentToday: 2,
      failedToday: 1,
      lastError: expect.stringContaining(TEMPORARY_FAILURE),
      lastErrorAt: expect.any(String),
    })
    const inbox = await as(CAL, 'GET', '/notifications')
    expect((inbox.body as unknown as { deliveries: unknown[] }[])[0]!.deliveries).toEqual([
      { channel: 'email', state: 'failed' },
    ])
  }, 60_000)
})
