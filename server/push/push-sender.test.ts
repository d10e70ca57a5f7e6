// @vitest-environment node
// Web Push against test push services on loopback: a notification goes,
// encrypted (aes128gcm) and with the VAPID authorization, to the recipient's
// subscription only, at the address that was checked; a 410 deletes the
// subscription. And where it never goes: a listener on 127.0.0.1 counts the
// connections the server makes to endpoints on private addresses, on hosts
// that are no push service, or on a push host whose DNS answers a private
// address (the answer injected, or `localhost` from the system's resolver).
// Each send has a deadline, and only so many run at once.
import { execFileSync } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, createServer, type RequestOptions, type Server } from 'node:https'
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Duplex } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationRow, PushSubscriptionRow } from '#core/store'
import { openDatabase, type Database } from '../db/open-database'
import { user } from '../db/pg-store-fixtures'
import { createPushSender, systemResolver, type PushSenderOptions } from './push-sender'

/** The host name the test push service answers for; its DNS is the test's resolver. */
const PUSH_HOST = 'push.test'
/** What the test's resolver says PUSH_HOST is: a public address, which the test's agent takes to the loopback service. */
const PUBLIC_ADDRESS = '8.8.8.8'

interface Received {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A certificate for PUSH_HOST, made for the test. */
function certificate() {
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
      `/CN=${PUSH_HOST}`,
      '-addext',
      `subjectAltName=DNS:${PUSH_HOST}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  const pem = { key: readFileSync(key), cert: readFileSync(cert) }
  rmSync(dir, { recursive: true })
  return pem
}

/**
 * An agent that trusts the test's certificate and takes every connection to
 * the loopback service, whatever address it was asked for; it records what
 * it was asked for (the address and the TLS server name).
 */
class LoopbackAgent extends Agent {
  readonly asked: { host: string | undefined; servername: string | undefined }[] = []
  constructor(
    ca: Buffer,
    private readonly port: () => number,
  ) {
    super({ ca, keepAlive: false })
  }
  override createConnection(
    options: RequestOptions,
    callback?: (error: Error | null, socket: Duplex) => void,
  ): Duplex | null | undefined {
    this.asked.push({ host: options.host ?? undefined, servername: options.servername })
    return super.createConnection({ ...options, host: '127.0.0.1', port: this.port() }, callback)
  }
}

/** A push service on 127.0.0.1 that records each request and answers what `status` says for its path (or never). */
async function startPushService(pem: { key: Buffer; cert: Buffer }, status: (path: string) => number | 'never') {
  const received: Received[] = []
  const closed: Promise<void>[] = []
  const server: Server = createServer(pem, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
      const answer = status(request.url ?? '')
      if (answer !== 'never') response.writeHead(answer).end()
    })
  })
  server.on('secureConnection', (socket: Socket) => closed.push(new Promise((resolve) => socket.on('close', resolve))))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { port, received, closed, server }
}

/** A TCP listener on 127.0.0.1 that only counts the connections it gets. */
async function startCountingListener() {
  let connections = 0
  const server = createTcpServer((socket) => {
    connections += 1
    socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as AddressInfo).port, connections: () => connections, server }
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

describe('Web Push', () => {
  let database: Database
  let vapid: { publicKey: string; privateKey: string; subject: string }
  const pem = certificate()
  const ana = 'ana@example.com'
  const ben = 'ben@example.com'

  beforeAll(async () => {
    database = await openDatabase({ inMemory: true })
    for (const email of [ana, ben]) await database.store.users.insert(user(email))
    vapid = { ...(await import('web-push')).default.generateVAPIDKeys(), subject: 'mailto:admin@example.com' }
  })
  afterAll(async () => {
    await database?.close()
  })

  /** Stores each endpoint as a subscription of `email`, directly: as a row saved before any rule would be. */
  async function subscribe(email: string, endpoints: readonly string[]): Promise<PushSubscriptionRow[]> {
    const rows = endpoints.map((endpoint) => ({
      endpoint,
      email,
      ...browserKeys(),
      createdAt: new Date().toISOString(),
    }))
    for (const row of rows) expect(await database.store.pushSubscriptions.save(row, 0, 1000)).toBe(true)
    return rows
  }
  const endpointsOf = async (email: string) =>
    (await database.store.pushSubscriptions.ofUsers([email])).map((s) => s.endpoint).sort()
  async function clear() {
    for (const email of [ana, ben]) {
      for (const endpoint of await endpointsOf(email)) await database.store.pushSubscriptions.remove(endpoint)
    }
  }

  function sender(options: PushSenderOptions) {
    const warnings: Record<string, unknown>[] = []
    const push = createPushSender(
      database.store,
      vapid,
      { warn: (msg: string, fields = {}) => warnings.push({ msg, ...fields }) },
      options,
    )
    return { push, warnings }
  }

  it('sends the encrypted payload to the recipient’s subscription only, at the address it checked, and a 410 removes it', async () => {
    await clear()
    const service = await startPushService(pem, (path) => (path.startsWith('/gone') ? 410 : 201))
    const agent = new LoopbackAgent(pem.cert, () => service.port)
    const lookedUp: string[] = []
    try {
      await subscribe(ana, [`https://${PUSH_HOST}/live/ana`])
      await subscribe(ben, [`https://${PUSH_HOST}/live/ben`])
      await subscribe(ana, [`https://${PUSH_HOST}/gone/ana`])
      const { push, warnings } = sender({
        hosts: [PUSH_HOST],
        agent,
        resolve: async (hostname) => {
          lookedUp.push(hostname)
          return [PUBLIC_ADDRESS]
        },
      })
      // The browser that is gone counts as done: there is nothing to try again.
      expect(await push.deliver([notice(ana, 'n1')])).toEqual({ sent: 2, failed: 0, lastError: null })

      expect(service.received.map((r) => r.path).sort()).toEqual(['/gone/ana', '/live/ana'])
      const live = service.received.find((r) => r.path === '/live/ana')!
      expect(live.headers.host).toBe(PUSH_HOST)
      expect(live.headers['content-encoding']).toBe('aes128gcm')
      expect(live.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
      )
      expect(Number(live.headers.ttl)).toBeGreaterThan(0)
      // Encrypted: none of the text travels in the clear.
      expect(live.body.length).toBeGreaterThan(86)
      expect(live.body.toString('latin1')).not.toContain('Booking approved')
      // One lookup per send, and the connection went to the address it answered (never looked up again,
      // so a changed answer cannot move it), with the name for TLS.
      expect(lookedUp).toEqual([PUSH_HOST, PUSH_HOST])
      expect(agent.asked).toEqual([
        { host: PUBLIC_ADDRESS, servername: PUSH_HOST },
        { host: PUBLIC_ADDRESS, servername: PUSH_HOST },
      ])

      expect(await endpointsOf(ana)).toEqual([`https://${PUSH_HOST}/live/ana`])
      expect(await endpointsOf(ben)).toEqual([`https://${PUSH_HOST}/live/ben`])
      expect(warnings).toEqual([])
    } finally {
      service.server.close()
      agent.destroy()
    }
  })

  it('never connects to a private address, a host that is no push service, or a push host whose DNS answers a private address', async () => {
    await clear()
    const listener = await startCountingListener()
    const port = listener.port
    try {
      // What users could save before the rule: the reviewer's loopback listener 42 times over (Ben), and
      // each other kind of address that is no push service (Ana).
      const loopback = Array.from({ length: 42 }, (_, i) => `https://127.0.0.1:${port}/${i}`)
      const notPushServices = [
        `https://169.254.169.254:${port}/latest/meta-data/`,
        `https://10.0.0.1:${port}/`,
        `https://[::1]:${port}/`,
        `https://localhost:${port}/`,
        `http://fcm.googleapis.com/fcm/send/x`,
      ]
      await subscribe(ben, loopback)
      await subscribe(ana, notPushServices)
      const byDefault = sender({})
      await byDefault.push.deliver([notice(ana, 'n1'), notice(ben, 'n2')])
      expect(listener.connections()).toBe(0)
      // Ben's newest ten are tried (the cap), and each of them and Ana's is refused, and gone: they can
      // never be sent to.
      expect(byDefault.warnings).toHaveLength(10 + notPushServices.length)
      expect(byDefault.warnings.every((w) => w.msg === 'push refused')).toBe(true)
      expect(await endpointsOf(ana)).toEqual([])
      expect(await endpointsOf(ben)).toHaveLength(42 - 10)

      // Hosts a school listed, whose addresses are private: from the injected resolver, from the
      // system's (localhost), or written as addresses.
      const answers: Record<string, readonly string[]> = {
        'loopback.push.test': ['127.0.0.1'],
        'mapped.push.test': ['::ffff:127.0.0.1'],
        'metadata.push.test': ['169.254.169.254'],
        'private.push.test': ['10.0.0.1'],
        'mixed.push.test': [PUBLIC_ADDRESS, '127.0.0.1'],
        'six.push.test': ['::1'],
      }
      const listed = [...Object.keys(answers), 'localhost', '127.0.0.1', '10.0.0.1']
      const privateHosts = listed.map((host) => `https://${host}:${port}/x`)
      await subscribe(ana, privateHosts)
      const resolving = sender({
        hosts: listed,
        resolve: async (hostname, signal) => answers[hostname] ?? (await systemResolver(hostname, signal)),
      })
      await resolving.push.deliver([notice(ana, 'n2')])
      expect(resolving.warnings).toHaveLength(privateHosts.length)
      expect(resolving.warnings.every((w) => w.msg === 'push refused' && w.reason === 'not a public address')).toBe(
        true,
      )
      // A push service's host may answer a public address again later: these are kept.
      expect(await endpointsOf(ana)).toEqual([...privateHosts].sort())

      expect(listener.connections()).toBe(0)
    } finally {
      listener.server.close()
    }
  })

  it('gives up on a push service that does not answer within the deadline, and closes the connection', async () => {
    await clear()
    const service = await startPushService(pem, () => 'never')
    const agent = new LoopbackAgent(pem.cert, () => service.port)
    try {
      await subscribe(ana, [`https://${PUSH_HOST}/slow`])
      const { push, warnings } = sender({
        hosts: [PUSH_HOST],
        agent,
        resolve: async () => [PUBLIC_ADDRESS],
        timeoutMs: 300,
      })
      expect(await push.deliver([notice(ana, 'n1')])).toEqual({
        sent: 0,
        failed: 1,
        lastError: 'no answer within 300 ms',
      })
      expect(service.received.map((r) => r.path)).toEqual(['/slow'])
      expect(warnings).toEqual([{ msg: 'push not sent', host: PUSH_HOST, error: 'no answer within 300 ms' }])
      await Promise.all(service.closed)
    } finally {
      service.server.close()
      agent.destroy()
    }
  })

  it('runs at most maxConcurrent sends at once, the others after them', async () => {
    await clear()
    const total = 7
    const maxConcurrent = 3
    let running = 0
    let peak = 0
    await subscribe(
      ana,
      Array.from({ length: total }, (_, i) => `https://${PUSH_HOST}/${i}`),
    )
    // A DNS lookup that never answers: each send holds its place until its deadline.
    const { push, warnings } = sender({
      hosts: [PUSH_HOST],
      timeoutMs: 100,
      maxConcurrent,
      resolve: (_hostname, signal) =>
        new Promise(() => {
          running += 1
          peak = Math.max(peak, running)
          signal.addEventListener('abort', () => (running -= 1))
        }),
    })
    await push.deliver([notice(ana, 'n1')])
    expect(peak).toBe(maxConcurrent)
    expect(warnings).toHaveLength(total)
    expect(running).toBe(0)
  })
})
