// @vitest-environment node
// Web Push against a test push service on loopback (HTTPS on 127.0.0.1 with a
// certificate made for the test): a notification goes, encrypted (aes128gcm)
// and with the VAPID authorization, to the recipient's subscription and to no
// one else's; the service's 410 deletes the subscription.
import { execFileSync } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationRow } from '#core/store'
import { openDatabase, type Database } from '../db/open-database'
import { user } from '../db/pg-store-fixtures'
import { createPushSender } from './push-sender'

interface Received {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A push service that records each request and answers what `status` says for its path. */
async function startPushService(status: (path: string) => number) {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'))
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  const pem = { key: readFileSync(key), cert: readFileSync(cert) }
  rmSync(dir, { recursive: true })
  const received: Received[] = []
  const server: Server = createServer(pem, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
      response.writeHead(status(request.url ?? '')).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { origin: `https://127.0.0.1:${port}`, received, agent: new Agent({ ca: pem.cert }), server }
}

/** A browser's subscription keys: a P-256 public key and a 16-byte secret, base64url. */
function browserKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
}

const notice = (to: string, id: string): NotificationRow => ({
  _id: id,
  recipientEmail: to,
  kind: 'booking-approved',
  title: 'Booking approved',
  body: 'Your booking of “Graphs” was approved.',
  link: '/dashboard/student/bookings/s1',
  createdAt: new Date().toISOString(),
  readAt: null,
})

describe('Web Push to a loopback push service', () => {
  let database: Database
  let service: Awaited<ReturnType<typeof startPushService>>
  beforeAll(async () => {
    service = await startPushService((path) => (path.startsWith('/gone') ? 410 : 201))
    database = await openDatabase({ inMemory: true })
  })
  afterAll(async () => {
    await database?.close()
    service?.server.close()
  })

  it('sends the encrypted payload to the recipient’s subscription only, and a 410 removes the subscription', async () => {
    const { store } = database
    for (const email of ['ana@example.com', 'ben@example.com']) await store.users.insert(user(email))
    const at = new Date().toISOString()
    const anas = { endpoint: `${service.origin}/live/ana`, email: 'ana@example.com', ...browserKeys(), createdAt: at }
    const bens = { endpoint: `${service.origin}/live/ben`, email: 'ben@example.com', ...browserKeys(), createdAt: at }
    const gone = { endpoint: `${service.origin}/gone/ana`, email: 'ana@example.com', ...browserKeys(), createdAt: at }
    for (const row of [anas, bens, gone]) expect(await store.pushSubscriptions.save(row, 0)).toBe(true)

    const { publicKey, privateKey } = (await import('web-push')).default.generateVAPIDKeys()
    const warnings: unknown[] = []
    const sender = createPushSender(
      store,
      { publicKey, privateKey, subject: 'mailto:admin@example.com' },
      { warn: (...args: unknown[]) => warnings.push(args) },
      service.agent,
    )
    sender.announce([notice('ana@example.com', 'n1')])
    await sender.settled()

    expect(service.received.map((r) => r.path).sort()).toEqual(['/gone/ana', '/live/ana'])
    const live = service.received.find((r) => r.path === '/live/ana')!
    expect(live.headers['content-encoding']).toBe('aes128gcm')
    expect(live.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`))
    expect(Number(live.headers.ttl)).toBeGreaterThan(0)
    // Encrypted: none of the text travels in the clear.
    expect(live.body.length).toBeGreaterThan(86)
    expect(live.body.toString('latin1')).not.toContain('Booking approved')

    expect((await store.pushSubscriptions.ofUsers(['ana@example.com'])).map((s) => s.endpoint)).toEqual([anas.endpoint])
    expect((await store.pushSubscriptions.ofUsers(['ben@example.com'])).map((s) => s.endpoint)).toEqual([bens.endpoint])
    expect(warnings).toEqual([])
  })
})
