// Generated bad input for every route of src/contract/routes.ts: each path
// parameter, query parameter and body field (from the route's schemas in
// src/contract/endpoints.ts), and the headers a route reads (If-Match,
// Idempotency-Key), is sent values no client should send: out of range, of the
// wrong type, huge, empty, in any script, negative, NaN-ish, very long, objects
// and arrays where a scalar belongs. Each route starts from a request that
// works, made by a caller the permission table admits, so the values reach the
// validation and the rules past it, not just a 401.
//
// fast-check draws the values from a fixed seed, a bounded number per field,
// so a run takes the same requests every time and a bounded time. Every answer
// must be 2xx or 4xx, never 5xx, and a 4xx must leave everything an admin (and
// the student, their notes) can read as it was.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { endpoints, type EndpointSchemas } from '#contract/endpoints'
import { IDEMPOTENCY_HEADER, IF_MATCH_HEADER, routes, type RouteName } from '#contract/routes'
import { signUnsubscribeToken } from '#core/unsubscribe-tokens'
import type { Api, CallOptions } from '../harness/api-client'
import {
  accountName,
  ADMIN,
  createBooking,
  createNote,
  createOpenSession,
  createReview,
  createSession,
  DAY,
  expectOk,
  FREE_STUDENT,
  materialForm,
  OTHER_STUDENT,
  sessionBody,
  snapshot,
  STUDENT,
  THIRD_STUDENT,
  TUTOR,
  uniqueSuffix,
  uploadMaterial,
  userByEmail,
  type FilePart,
} from './fixtures'

/** The run's seed: each route and field draws from a seed of its own, made from this one and its name. */
const SEED = 20_261_201
/** Values drawn for each field alone, and cases that change a few fields at once, per route. */
const VALUES_PER_FIELD = 3
const MIXED_CASES_PER_ROUTE = 2

// ── Values ─────────────────────────────────────────────────────────────────

/** Dates past what the API takes, on the edge of it, and not dates at all. */
const badDates = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0000-01-01',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59-23:59',
      '9999-12-31T23:59:59-12:00',
      '0001-01-01T00:00:00+01:00',
      '1969-12-31T23:59:59.999Z',
      '2101-01-01T00:00:00.000Z',
      '2100-12-31T23:59:59.999-00:01',
      '2026-02-30',
      '2026-02-30T10:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '+275760-09-13T00:00:00.000Z',
      '-000001-01-01T00:00:00Z',
      '2026-01-01T00:00:00.123456789Z',
      '2026-01-01 10:00',
      'today',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.date({
          min: new Date('0000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom('Z', '+00:00', '-23:59', '+23:59', '-12:00', '+14:00', 'date'),
      )
      .map(([date, offset]) =>
        offset === 'date' ? date.toISOString().slice(0, 10) : date.toISOString().replace('Z', offset),
      ),
  },
)

/** Numbers written as text, as a query or a header carries them. */
const badNumberTexts = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '01',
      '+1',
      ' 1',
      '1e3',
      '1e300',
      '0x10',
      'NaN',
      'Infinity',
      '-Infinity',
      '2147483647',
      '2147483648',
      '9007199254740993',
      '100000000000000000000',
      '9'.repeat(400),
      '١٢',
    ),
  },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
)

/** Numbers of a JSON body. */
const badNumbers = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      0,
      -1,
      0.5,
      1001,
      10_001,
      1_000_001,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53 + 2,
      1e300,
      -1e300,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
    ),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: badNumberTexts },
)

/**
 * Longer than an id, an email, a URL, a description, a note: up to 40,000
 * characters, so that even three of them in one body stay under the JSON body
 * cap. Past the cap the server answers 413 before it reads the body, and a
 * client still sending may see the connection close instead (bad-input.ts
 * sends a body past the cap on its own).
 */
const LONG = [65, 255, 2_049, 5_001, 20_001, 40_000]
/** Text: empty, blank, in any script, unpaired surrogates, escapes, longer than any limit. */
const badTexts = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\t\r\n',
      'null',
      'undefined',
      '__proto__',
      'constructor',
      '%',
      '%00',
      '%E0%A4%A',
      '../../admin/stats',
      '\u202e\u0644\u0627',
      '\ud800',
      '\udfff\ud800',
      '🎓\u200d🎓',
      'İı ß ﬁ',
      '\\',
      "'; drop table sessions; --",
      'a@b',
      'ÜBER@ÉCOLE.fr',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG).map((n) => `${'é'.repeat(n)}@example.com`) },
)

/** Objects, arrays and literals where a scalar belongs. */
const badShapes = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      [],
      {},
      [[[[]]]],
      { $gt: '' },
      { __proto__: { role: 'admin' } },
      ['a', 1, null],
      JSON.parse('{"__proto__": {"polluted": 1}}'),
      Array.from({ length: 1000 }, (_, i) => i),
      JSON.parse('['.repeat(500) + ']'.repeat(500)),
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

const anyBad = fc.oneof(badDates, badNumberTexts, badNumbers, badTexts, badShapes)

/** What kind of value a field holds, as the request that works shows it. */
type Kind = 'date' | 'number text' | 'number' | 'text' | 'object'

function kindOf(value: unknown): Kind {
  if (typeof value === 'number') return 'number'
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}/.test(value)) return 'date'
    if (/^(W\/)?"?\d+"?$/.test(value)) return 'number text'
    return 'text'
  }
  return value && typeof value === 'object' ? 'object' : 'text'
}

const BY_KIND: Record<Kind, fc.Arbitrary<unknown>> = {
  date: badDates,
  'number text': badNumberTexts,
  number: badNumbers,
  text: badTexts,
  object: badShapes,
}

/** Mostly values of the field's own kind, which reach past its type; the rest of every kind. */
const valuesFor = (kind: Kind) =>
  fc.oneof({ weight: 2, arbitrary: BY_KIND[kind] }, { weight: 1, arbitrary: anyBad as fc.Arbitrary<unknown> })

// ── Requests that work ─────────────────────────────────────────────────────

type Caller = 'admin' | 'student' | 'tutor' | 'free student' | 'anonymous' | 'id token'
const EMAIL_OF: Record<Exclude<Caller, 'anonymous'>, string> = {
  admin: ADMIN,
  student: STUDENT,
  tutor: TUTOR,
  'free student': FREE_STUDENT,
  'id token': STUDENT,
}

interface Template {
  as: Caller
  params?: Record<string, string>
  query?: Record<string, string>
  body?: Record<string, unknown>
  multipart?: true
  headers?: Record<string, string>
  /** The kind of a field the request leaves out, where its schema does not say. */
  kinds?: Record<string, Kind>
  /** What the next request needs after this one succeeded (a sign-in that a success ended, made again). */
  after?: () => Promise<unknown>
}

/**
 * The records the requests address, each made through the API the first time
 * a request needs it, and made again after a request that succeeded in
 * changing something.
 */
function recordsOf(api: Api) {
  const made = new Map<string, Promise<string>>()
  let fresh = false
  const once = (key: string, make: () => Promise<string>) => {
    let record = made.get(key)
    if (!record) {
      fresh = true
      record = make()
      made.set(key, record)
    }
    return record
  }
  const openSession = () => once('open session', () => createOpenSession(api, TUTOR))
  const booking = () => once('booking', async () => createBooking(api, STUDENT, await openSession(), 'approved', TUTOR))
  return {
    openSession,
    booking,
    pendingSession: () => once('pending session', () => createSession(api, TUTOR)),
    rejectedSession: () =>
      once('rejected session', async () => {
        const id = await createSession(api, TUTOR)
        await expectOk(api.call('PATCH', `/sessions/${id}/reject`, { as: ADMIN }))
        return id
      }),
    pendingBooking: () =>
      once('pending booking', async () => createBooking(api, OTHER_STUDENT, await openSession(), 'pending', TUTOR)),
    review: () =>
      once('review', async () => {
        const session = await openSession()
        await createBooking(api, THIRD_STUDENT, session, 'approved', TUTOR)
        return createReview(api, THIRD_STUDENT, session)
      }),
    note: () => once('note', () => createNote(api, STUDENT)),
    material: () => once('material', async () => uploadMaterial(api, TUTOR, await openSession())),
    user: () =>
      once('user', async () => {
        const email = `generated-${uniqueSuffix()}@example.com`
        const { idToken } = await api.target.signUpNew(email, 'Gene Rated')
        await expectOk(api.call('POST', '/users', { token: idToken, body: { email, name: 'Gene Rated' } }))
        return (await userByEmail(api, email))!._id
      }),
    feedToken: () =>
      once('feed', async () => {
        const res = await expectOk(api.call('POST', `/calendar-feeds/${STUDENT}`, { as: STUDENT }))
        return String(res.data.url).split('/').pop()!
      }),
    /** One of the tutor's notifications (a booking of their session tells them). */
    notification: () =>
      once('notification', async () => {
        await booking()
        const inbox = await expectOk(api.call('GET', '/notifications', { as: TUTOR }))
        return (inbox.data as { _id: string }[])[0]!._id
      }),
    /** An unsubscribe link's token of the student, signed as the server signs them. */
    unsubscribeToken: () =>
      once('unsubscribe token', async () =>
        signUnsubscribeToken(await api.target.store().meta.tokenSecret(), { email: STUDENT, kind: 'booking-approved' }),
      ),
    /** Whether a record was made since the last call. */
    madeSince() {
      const answer = fresh
      fresh = false
      return answer
    },
    forget: () => made.clear(),
  }
}
type Records = ReturnType<typeof recordsOf>

const PAGE = { page: '1', limit: '5' }
/** No from or to: each is sent alone, so that a bad one is not refused for its order with the other before its own range is checked. */
const SEARCH = { q: 'math', subject: 'math', fee: 'paid', open: '1', sort: 'soonest' }
const BOUNDS: Record<string, Kind> = { from: 'date', to: 'date' }
const FILE: FilePart = { name: 'notes.txt', type: 'text/plain', content: 'hello world' }
const PUSH = { endpoint: 'https://fcm.googleapis.com/fcm/send/generated', keys: { p256dh: 'BPk', auth: 'au' } }
const ifMatchFirst = { [IF_MATCH_HEADER]: '"1"' }

/** For every route, a request that works, by a caller the permission table admits. */
const TEMPLATES: Record<RouteName, (r: Records, api: Api) => Promise<Template>> = {
  getUser: async () => ({ as: 'student', params: { email: STUDENT } }),
  issueToken: async () => ({ as: 'id token', body: { email: STUDENT } }),
  createUser: async () => ({ as: 'student', body: { email: STUDENT, name: 'Sam Student' } }),
  listUsers: async () => ({ as: 'admin', query: { search: 'a', ...PAGE } }),
  getUserOwned: async (r) => ({ as: 'admin', params: { id: await r.user() } }),
  // student: only an account its owner verified may be made a tutor, and r.user() is not one.
  updateUserRole: async (r) => ({ as: 'admin', params: { id: await r.user() }, body: { role: 'student' } }),
  deleteUser: async (r) => ({ as: 'admin', params: { id: await r.user() } }),
  signOutEverywhere: async (_, api) => ({ as: 'free student', after: () => api.signInAgain(FREE_STUDENT) }),
  listAdminSessions: async () => ({ as: 'admin', query: { status: 'approved', ...SEARCH, ...PAGE }, kinds: BOUNDS }),
  listSessions: async () => ({
    as: 'admin',
    query: { status: 'approved', tutorEmail: TUTOR, ...SEARCH, ...PAGE },
    kinds: BOUNDS,
  }),
  listPendingSessions: async () => ({ as: 'admin' }),
  listTutorSessions: async () => ({ as: 'tutor', params: { email: TUTOR } }),
  getSession: async (r) => ({ as: 'admin', params: { id: await r.openSession() } }),
  createSession: async (_, api) => ({
    as: 'tutor',
    body: { ...sessionBody(TUTOR, await accountName(api, TUTOR)), seats: 5, status: 'pending' },
  }),
  approveSession: async (r) => ({
    as: 'admin',
    params: { id: await r.pendingSession() },
    body: { fee: 5, type: 'Paid' },
  }),
  rejectSession: async (r) => ({ as: 'admin', params: { id: await r.pendingSession() } }),
  resubmitSession: async (r) => ({ as: 'tutor', params: { id: await r.rejectedSession() } }),
  updateSession: async (r) => ({
    as: 'admin',
    params: { id: await r.openSession() },
    body: { title: 'Graphs', subject: 'Maths', duration: 2, registrationFee: 3, seats: 10 },
  }),
  deleteSession: async (r) => ({ as: 'admin', params: { id: await r.openSession() } }),
  updateSessionClass: async (r) => ({
    as: 'tutor',
    params: { id: await r.openSession() },
    body: {
      classStart: new Date(Date.now() + 12 * DAY).toISOString(),
      classEnd: new Date(Date.now() + 22 * DAY).toISOString(),
      duration: 2,
      location: 'Room 4.12',
      meetingUrl: 'https://meet.example/class',
      cancelDeadlineHours: 24,
    },
  }),
  cancelSession: async (r) => ({ as: 'tutor', params: { id: await r.openSession() }, body: { reason: 'Ill.' } }),
  listSessionMeetings: async (r) => ({ as: 'student', params: { id: await r.openSession() } }),
  getAdminStats: async () => ({ as: 'admin' }),
  getStudentStats: async () => ({ as: 'student', params: { email: STUDENT } }),
  getTutorStats: async () => ({ as: 'tutor', params: { email: TUTOR } }),
  listBookings: async () => ({ as: 'admin', query: { status: 'approved', ...PAGE } }),
  listStudentBookings: async () => ({ as: 'student', params: { email: STUDENT } }),
  createBooking: async (r) => ({
    as: 'free student',
    body: { sessionId: await r.openSession(), studentEmail: FREE_STUDENT, tutorEmail: TUTOR },
  }),
  updateBooking: async (r) => ({ as: 'admin', params: { id: await r.pendingBooking() }, body: { status: 'approved' } }),
  deleteBooking: async (r) => ({ as: 'admin', params: { id: await r.booking() } }),
  cancelBooking: async (r) => ({ as: 'student', params: { id: await r.booking() } }),
  getBookingCalendar: async (r) => ({ as: 'student', params: { id: await r.booking() } }),
  getCalendarFeed: async () => ({ as: 'student', params: { email: STUDENT } }),
  createCalendarFeed: async () => ({ as: 'student', params: { email: STUDENT } }),
  deleteCalendarFeed: async () => ({ as: 'student', params: { email: STUDENT } }),
  readCalendarFeed: async (r) => ({ as: 'anonymous', params: { token: await r.feedToken() } }),
  listStudentNotes: async () => ({ as: 'student', params: { email: STUDENT } }),
  createNote: async () => ({ as: 'student', body: { email: STUDENT, title: 'Plan', description: 'Read chapter 4.' } }),
  updateNote: async (r) => ({
    as: 'student',
    params: { id: await r.note() },
    body: { title: 'Plan', description: 'Read chapter 5.' },
    headers: ifMatchFirst,
  }),
  deleteNote: async (r) => ({ as: 'student', params: { id: await r.note() }, headers: ifMatchFirst }),
  listReviews: async () => ({ as: 'admin', query: PAGE }),
  listSessionReviews: async (r) => ({ as: 'anonymous', params: { sessionId: await r.openSession() } }),
  createReview: async (r, api) => ({
    as: 'student',
    body: {
      // The student's approved booking of the session is what lets them review it.
      sessionId: (await r.booking(), await r.openSession()),
      studentEmail: STUDENT,
      studentName: await accountName(api, STUDENT),
      comment: 'Helpful.',
      rating: 4,
    },
  }),
  deleteReview: async (r) => ({ as: 'admin', params: { id: await r.review() } }),
  listMaterials: async () => ({ as: 'admin', query: PAGE }),
  listPendingMaterials: async () => ({ as: 'admin' }),
  listApprovedMaterials: async () => ({ as: 'student' }),
  listTutorMaterials: async () => ({ as: 'tutor', params: { email: TUTOR } }),
  listSessionMaterials: async (r) => ({ as: 'tutor', params: { sessionId: await r.openSession() } }),
  uploadMaterial: async (r) => ({
    as: 'tutor',
    multipart: true,
    body: { sessionId: await r.openSession(), title: 'Week 1', description: '', tutorEmail: TUTOR, file: FILE },
  }),
  approveMaterial: async (r) => ({ as: 'admin', params: { id: await r.material() } }),
  rejectMaterial: async (r) => ({ as: 'admin', params: { id: await r.material() } }),
  deleteMaterial: async (r) => ({ as: 'tutor', params: { id: await r.material() } }),
  getMaterialFileLink: async (r) => ({ as: 'tutor', params: { id: await r.material() } }),
  listNotifications: async () => ({ as: 'tutor', query: PAGE }),
  getUnreadNotificationCount: async () => ({ as: 'tutor' }),
  markNotificationRead: async (r) => ({ as: 'tutor', params: { id: await r.notification() } }),
  markAllNotificationsRead: async () => ({ as: 'tutor' }),
  getPushPublicKey: async () => ({ as: 'student' }),
  savePushSubscription: async () => ({ as: 'student', body: PUSH }),
  deletePushSubscription: async () => ({ as: 'student', body: { endpoint: PUSH.endpoint } }),
  getNotificationPreferences: async () => ({ as: 'student' }),
  saveNotificationPreferences: async () => ({
    as: 'student',
    body: {
      channels: { 'booking-approved': { push: true, email: false } },
      reminderLeads: ['1h', '1d'],
      timeZone: 'Europe/Berlin',
    },
  }),
  getUnsubscribe: async (r) => ({ as: 'anonymous', params: { token: await r.unsubscribeToken() } }),
  unsubscribe: async (r) => ({ as: 'anonymous', params: { token: await r.unsubscribeToken() } }),
}

// ── Fields and cases ───────────────────────────────────────────────────────

/** Where a generated value goes, and what kind of value its schema says belongs there, when it says. */
type Slot =
  | { in: 'params' | 'query' | 'headers'; name: string; kind?: Kind }
  | { in: 'body'; path: readonly string[]; kind?: Kind }
  /** The whole body replaced. */
  | { in: 'body as a whole'; kind?: Kind }

interface JsonSchemaNode {
  type?: string
  format?: string
  properties?: Record<string, JsonSchemaNode>
  anyOf?: JsonSchemaNode[]
}

function kindOfSchema(node: JsonSchemaNode): Kind | undefined {
  if (node.format === 'date-time') return 'date'
  if (node.type === 'number' || node.type === 'integer') return 'number'
  if (node.type === 'object') return 'object'
  return undefined
}

/** The fields of a schema and of the objects in it, as paths (['keys', 'auth']) with their kinds. */
function fieldsOf(schema: z.ZodType): { path: string[]; kind?: Kind }[] {
  const fields = new Map<string, { path: string[]; kind?: Kind }>()
  const walk = (node: JsonSchemaNode, prefix: string[]) => {
    for (const option of node.anyOf ?? []) walk(option, prefix)
    for (const [key, inner] of Object.entries(node.properties ?? {})) {
      const path = [...prefix, key]
      fields.set(path.join('.'), { path, kind: fields.get(path.join('.'))?.kind ?? kindOfSchema(inner) })
      walk(inner, path)
    }
  }
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode, [])
  return [...fields.values()]
}

function slotsOf(name: RouteName): Slot[] {
  const def = routes[name]
  const schemas: EndpointSchemas = endpoints[name]
  const slots: Slot[] = [...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({ in: 'params', name: m[1]! }))
  if (schemas.query)
    for (const { path, kind } of fieldsOf(schemas.query)) slots.push({ in: 'query', name: path[0]!, kind })
  if (schemas.body) {
    for (const { path, kind } of fieldsOf(schemas.body)) slots.push({ in: 'body', path, kind })
    slots.push({ in: 'body as a whole', kind: 'object' })
  }
  if ('ifMatch' in def) slots.push({ in: 'headers', name: IF_MATCH_HEADER })
  if (def.method !== 'GET') slots.push({ in: 'headers', name: IDEMPOTENCY_HEADER })
  return slots
}

const slotName = (slot: Slot) =>
  slot.in === 'body'
    ? `body.${slot.path.join('.')}`
    : slot.in === 'body as a whole'
      ? 'body'
      : `${slot.in}.${slot.name}`

/** The value the request that works has in the slot: what kind of value belongs there. */
function templateValue(template: Template, slot: Slot): unknown {
  if (slot.in === 'body as a whole') return template.body ?? {}
  if (slot.in === 'body')
    return slot.path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], template.body)
  return template[slot.in]?.[slot.name]
}

interface Change {
  slot: Slot
  value: unknown
}

/** A seed of its own for each route and slot, so that adding a route or a field changes no other's values. */
function seedOf(text: string): number {
  let hash = SEED
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0
  return hash
}

function casesOf(name: RouteName, template: Template): Change[][] {
  const slots = slotsOf(name)
  const arbitraryOf = (slot: Slot) => {
    const value = templateValue(template, slot)
    const named = slot.in === 'query' ? template.kinds?.[slot.name] : undefined
    return valuesFor(value === undefined ? (slot.kind ?? named ?? 'text') : kindOf(value))
  }
  const cases: Change[][] = slots.flatMap((slot) =>
    fc
      .sample(arbitraryOf(slot), { seed: seedOf(`${name} ${slotName(slot)}`), numRuns: VALUES_PER_FIELD })
      .map((value) => [{ slot, value }]),
  )
  const fieldSlots = slots.filter((s) => s.in !== 'body as a whole')
  if (fieldSlots.length >= 2) {
    const mixed = fc
      .shuffledSubarray(fieldSlots, { minLength: 2, maxLength: Math.min(3, fieldSlots.length) })
      .chain((chosen) => fc.tuple(...chosen.map((slot) => arbitraryOf(slot).map((value): Change => ({ slot, value })))))
    cases.push(...fc.sample(mixed, { seed: seedOf(`${name} mixed`), numRuns: MIXED_CASES_PER_ROUTE }))
  }
  return cases
}

// ── Sending ────────────────────────────────────────────────────────────────

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)))

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * A path segment as a client would send it. An unpaired surrogate has no
 * UTF-8, so its bytes go as a bad escape; an empty, "." or ".." segment would
 * be another path (URLs drop or climb them), so a space is added to it.
 */
function segment(value: string): string {
  let encoded: string
  try {
    encoded = encodeURIComponent(value)
  } catch {
    encoded = encodeURIComponent(value.replace(LONE_SURROGATE, 'x')) + '%ED%A0%80'
  }
  return /^(\.|%2e){0,2}$/i.test(encoded) ? `${encoded}%20` : encoded
}

/**
 * A header value as raw bytes would arrive: UTF-8 read as Latin-1, without the
 * control characters no header can hold. At most 8,000 bytes: past Node's 16 KiB
 * of headers the server answers 431 and closes at once, and a client still
 * sending may see a broken pipe instead of the answer. That cap is Node's own,
 * not a rule of this server.
 */
function headerValue(value: unknown): string {
  const bytes = new TextEncoder().encode(asText(value)).slice(0, 8_000)
  return String.fromCharCode(...bytes.filter((b) => b === 9 || (b >= 32 && b !== 127)))
}

function setIn(target: Record<string, unknown>, path: readonly string[], value: unknown) {
  const [head, ...rest] = path
  if (rest.length === 0) target[head!] = value
  else {
    const inner = target[head!]
    const copy = inner && typeof inner === 'object' && !Array.isArray(inner) ? { ...(inner as object) } : {}
    setIn(copy as Record<string, unknown>, rest, value)
    target[head!] = copy
  }
}

async function requestOf(api: Api, name: RouteName, template: Template, changes: readonly Change[]) {
  const params: Record<string, string> = {}
  for (const [key, value] of Object.entries(template.params ?? {})) params[key] = segment(value)
  const query = new URLSearchParams(template.query)
  const headers: Record<string, string> = { ...template.headers }
  // setIn copies each object it changes, so the template (and the FILE it holds) is never changed.
  let body: unknown = template.body === undefined ? undefined : { ...template.body }
  for (const { slot, value } of changes) {
    if (slot.in === 'params') params[slot.name] = segment(asText(value))
    else if (slot.in === 'query') query.set(slot.name, asText(value))
    else if (slot.in === 'headers') headers[slot.name] = headerValue(value)
    else if (slot.in === 'body as a whole') body = value
    else if (slot.in === 'body') {
      body = body && typeof body === 'object' && !Array.isArray(body) ? body : {}
      setIn(body as Record<string, unknown>, slot.path, template.multipart ? asText(value) : value)
    }
  }
  const path =
    routes[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => params[key] ?? '') +
    (query.size > 0 ? `?${query.toString()}` : '')
  const options: CallOptions = { headers }
  if (template.multipart && body && typeof body === 'object' && !Array.isArray(body)) {
    const fields = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, v === FILE ? FILE : asText(v)] as const),
    ) as Record<string, string | FilePart>
    options.body = materialForm(fields)
  } else options.body = body
  if (template.as === 'id token') options.token = await api.target.idTokenFor(STUDENT)
  else if (template.as !== 'anonymous') options.as = EMAIL_OF[template.as]
  return { path, options }
}

const shown = (value: unknown) => {
  const text = asText(value)
  return text.length > 60 ? `${JSON.stringify(text.slice(0, 40))}… (${text.length} characters)` : JSON.stringify(value)
}
const describeChanges = (changes: readonly Change[]) =>
  changes.map((c) => `${slotName(c.slot)} = ${shown(c.value)}`).join(', ')

const isOk = (status: number) => status >= 200 && status < 300
const isRefusal = (status: number) => status >= 400 && status < 500

export function generatedInputTests(api: Api) {
  describe('generated bad input on every route', () => {
    it(`answers 2xx or 4xx, never 5xx, and a 4xx changes nothing (seed ${SEED})`, async () => {
      expect(Object.keys(TEMPLATES).sort()).toEqual(Object.keys(routes).sort())
      const records = recordsOf(api)
      for (const email of Object.values(EMAIL_OF)) await api.signIn(email)
      for (const name of Object.keys(routes) as RouteName[]) {
        const { method, path: routePath } = routes[name]
        const cases = casesOf(name, await TEMPLATES[name](records, api))
        records.madeSince()
        let before = await snapshot(api)
        for (const changes of cases) {
          const template = await TEMPLATES[name](records, api)
          if (records.madeSince()) before = await snapshot(api)
          const { path, options } = await requestOf(api, name, template, changes)
          const res = await api.call(method, path, options).catch((error: unknown) => {
            // A dropped connection is no answer at all: name the request that got it.
            throw new Error(`${method} ${routePath} (${name}) with ${describeChanges(changes)}: no answer`, {
              cause: error,
            })
          })
          const label = `${method} ${routePath} (${name}) with ${describeChanges(changes)} → ${res.status} ${asText(res.data).slice(0, 160)}`
          expect.soft(isOk(res.status) || isRefusal(res.status), label).toBe(true)
          if (method === 'GET') continue
          const after = await snapshot(api)
          if (isRefusal(res.status)) expect.soft(after, `${label}: a refusal changed what can be read`).toEqual(before)
          else {
            records.forget()
            await template.after?.()
          }
          before = after
        }
        if (method === 'GET')
          expect.soft(await snapshot(api), `${name}: a read changed what can be read`).toEqual(before)
        // The request as it is works, so the values above went as far as the route's own rules.
        const unchanged = await TEMPLATES[name](records, api)
        const { path, options } = await requestOf(api, name, unchanged, [])
        const res = await api.call(method, path, options)
        expect
          .soft(res.status, `${method} ${path} (${name}) unchanged → ${asText(res.data).slice(0, 160)}`)
          .toSatisfy(isOk)
        if (method !== 'GET') records.forget()
        if (isOk(res.status)) await unchanged.after?.()
      }
    })
  })
}
