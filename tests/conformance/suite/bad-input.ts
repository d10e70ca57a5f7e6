// Bad input, one case per test: wrong types, missing fields, text over its
// limit (src/contract/limits.ts), fields a client must not set, dates out of
// order, negative fees. Each must get a 4xx whose JSON names the problem, and
// leave everything as it was: the API's whole state is read back as an admin
// (and the notes as their owner) before and after, and compared.
import { describe, expect, it } from 'vitest'
import { MAX_FILE_BYTES, TEXT_LIMITS } from '#contract/limits'
import type { Api, CallOptions } from '../harness/api-client'
import {
  accountName,
  ADMIN,
  allBookings,
  createBooking,
  createNote,
  createOpenSession,
  createSession,
  DAY,
  expectRefusal,
  FREE_STUDENT,
  materialForm,
  OTHER_STUDENT,
  OTHER_TUTOR,
  sessionBody,
  snapshot,
  STUDENT,
  TUTOR,
  uniqueSuffix,
  userByEmail,
  type FilePart,
} from './fixtures'

interface BadRequest {
  method: string
  path: string
  options: CallOptions
}

interface BadInput {
  name: string
  /** The answers that are right; any 4xx when unset. */
  statuses?: readonly number[]
  /** Makes what the request needs, then answers the request. */
  request(api: Api): Promise<BadRequest>
}

const over = (limit: number) => 'x'.repeat(limit + 1)
const without = <T extends Record<string, unknown>>(value: T, key: keyof T) => {
  const { [key]: _dropped, ...rest } = value
  return rest
}
const iso = (ms: number) => new Date(ms).toISOString()

/** POST /sessions by the tutor with their form's payload changed by `change`. */
function newSession(
  name: string,
  change: (body: Record<string, unknown>) => Record<string, unknown>,
  statuses?: number[],
) {
  return {
    name: `POST /sessions: ${name}`,
    statuses,
    async request(api: Api): Promise<BadRequest> {
      const body = change(sessionBody(TUTOR, await accountName(api, TUTOR)))
      return { method: 'POST', path: '/sessions', options: { as: TUTOR, body } }
    },
  } satisfies BadInput
}

function editSession(name: string, body: Record<string, unknown>): BadInput {
  return {
    name: `PATCH /sessions/{id}: ${name}`,
    async request(api) {
      const id = await createOpenSession(api, TUTOR)
      return { method: 'PATCH', path: `/sessions/${id}`, options: { as: ADMIN, body } }
    },
  }
}

function approveSession(name: string, body: Record<string, unknown>): BadInput {
  return {
    name: `PATCH /sessions/{id}/approve: ${name}`,
    async request(api) {
      const id = await createSession(api, TUTOR)
      return { method: 'PATCH', path: `/sessions/${id}/approve`, options: { as: ADMIN, body } }
    },
  }
}

function newBooking(name: string, change: (body: Record<string, unknown>) => Record<string, unknown>): BadInput {
  return {
    name: `POST /bookings: ${name}`,
    async request(api) {
      const sessionId = await createOpenSession(api, TUTOR)
      const body = change({ sessionId, studentEmail: FREE_STUDENT, tutorEmail: TUTOR })
      return { method: 'POST', path: '/bookings', options: { as: FREE_STUDENT, body } }
    },
  }
}

function decideBooking(name: string, body: Record<string, unknown>): BadInput {
  return {
    name: `PATCH /bookings/{id}: ${name}`,
    async request(api) {
      const id = (await allBookings(api)).find((b) => b.status === 'pending')!._id
      return { method: 'PATCH', path: `/bookings/${id}`, options: { as: ADMIN, body } }
    },
  }
}

function newReview(name: string, change: (body: Record<string, unknown>) => Record<string, unknown>): BadInput {
  return {
    name: `POST /reviews: ${name}`,
    async request(api) {
      const sessionId = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, sessionId, 'approved')
      const body = change({
        sessionId,
        studentEmail: STUDENT,
        studentName: await accountName(api, STUDENT),
        comment: 'Useful',
        rating: 4,
      })
      return { method: 'POST', path: '/reviews', options: { as: STUDENT, body } }
    },
  }
}

function newNote(name: string, body: unknown, statuses?: number[]): BadInput {
  return {
    name: `POST /notes: ${name}`,
    statuses,
    request: async () => ({ method: 'POST', path: '/notes', options: { as: STUDENT, body } }),
  }
}

function editNote(name: string, body: Record<string, unknown>): BadInput {
  return {
    name: `PATCH /notes/{id}: ${name}`,
    async request(api) {
      const id = await createNote(api, STUDENT)
      return { method: 'PATCH', path: `/notes/${id}`, options: { as: STUDENT, body } }
    },
  }
}

/** POST /users from a brand-new identity (its first sign-up call). */
function signUp(name: string, change: (body: Record<string, unknown>) => Record<string, unknown>): BadInput {
  return {
    name: `POST /users: ${name}`,
    async request(api) {
      const email = `sign-up-${uniqueSuffix()}@example.com`
      const { idToken } = await api.target.signUpNew(email, 'Casey Newcomer')
      const now = iso(Date.now())
      const body = change({ email, name: 'Casey Newcomer', photo: '', created_at: now, last_log_in: now })
      return { method: 'POST', path: '/users', options: { token: idToken, body } }
    },
  }
}

function setRole(name: string, body: Record<string, unknown>): BadInput {
  return {
    name: `PATCH /users/{id}/role: ${name}`,
    async request(api) {
      const id = (await userByEmail(api, OTHER_STUDENT))!._id
      return { method: 'PATCH', path: `/users/${id}/role`, options: { as: ADMIN, body } }
    },
  }
}

function upload(
  name: string,
  change: (fields: Record<string, string | FilePart>) => Record<string, string | FilePart>,
  statuses?: number[],
): BadInput {
  return {
    name: `POST /materials: ${name}`,
    statuses,
    async request(api) {
      const sessionId = await createOpenSession(api, TUTOR)
      const fields = change({
        sessionId,
        title: 'Week 1',
        description: '',
        tutorEmail: TUTOR,
        file: { name: 'notes.txt', type: 'text/plain', content: 'hello world' },
      })
      return { method: 'POST', path: '/materials', options: { as: TUTOR, body: materialForm(fields) } }
    },
  }
}

const CASES: BadInput[] = [
  newSession('duration as text', (b) => ({ ...b, duration: 'two' })),
  newSession('registrationFee as text', (b) => ({ ...b, registrationFee: '15' })),
  newSession('title as a number', (b) => ({ ...b, title: 42 })),
  newSession('no title', (b) => without(b, 'title')),
  newSession('no registrationEnd', (b) => without(b, 'registrationEnd')),
  newSession('a date that is not a date', (b) => ({ ...b, registrationStart: 'tomorrow' })),
  newSession('registrationEnd before registrationStart', (b) => ({
    ...b,
    registrationEnd: iso(Date.parse(String(b.registrationStart)) - DAY),
  })),
  newSession('classEnd before classStart', (b) => ({ ...b, classEnd: iso(Date.parse(String(b.classStart)) - DAY) })),
  newSession('a negative registrationFee', (b) => ({ ...b, registrationFee: -1 })),
  newSession('duration 0', (b) => ({ ...b, duration: 0 })),
  newSession(`title over ${TEXT_LIMITS.sessionTitle} characters`, (b) => ({
    ...b,
    title: over(TEXT_LIMITS.sessionTitle),
  })),
  newSession(`subject over ${TEXT_LIMITS.subject} characters`, (b) => ({ ...b, subject: over(TEXT_LIMITS.subject) })),
  newSession(`description over ${TEXT_LIMITS.sessionDescription} characters`, (b) => ({
    ...b,
    description: over(TEXT_LIMITS.sessionDescription),
  })),
  newSession(`tutorName over ${TEXT_LIMITS.name} characters`, (b) => ({ ...b, tutorName: over(TEXT_LIMITS.name) })),
  newSession('status "approved"', (b) => ({ ...b, status: 'approved' })),
  newSession("another tutor's tutorEmail", (b) => ({ ...b, tutorEmail: OTHER_TUTOR }), [403]),
  newSession('an _id', (b) => ({ ...b, _id: 'chosen-by-client' })),
  {
    name: 'POST /sessions: a body that is not JSON',
    request: async () => ({
      method: 'POST',
      path: '/sessions',
      options: { as: TUTOR, body: '{"title": "T", ', headers: { 'Content-Type': 'application/json' } },
    }),
  },

  editSession(`title over ${TEXT_LIMITS.sessionTitle} characters`, {
    title: over(TEXT_LIMITS.sessionTitle),
    subject: 'S',
    duration: 1,
    registrationFee: 0,
  }),
  editSession(`subject over ${TEXT_LIMITS.subject} characters`, {
    title: 'T',
    subject: over(TEXT_LIMITS.subject),
    duration: 1,
    registrationFee: 0,
  }),
  editSession('a negative registrationFee', { title: 'T', subject: 'S', duration: 1, registrationFee: -1 }),
  editSession('a negative duration', { title: 'T', subject: 'S', duration: -2, registrationFee: 0 }),
  editSession('a blank title', { title: ' ', subject: 'S', duration: 1, registrationFee: 0 }),
  approveSession('a negative fee', { fee: -5, type: 'Paid' }),
  approveSession('an unknown type', { fee: 5, type: 'Bogus' }),

  newBooking('sessionId as a number', (b) => ({ ...b, sessionId: 12 })),
  newBooking('no studentEmail', (b) => without(b, 'studentEmail')),
  newBooking('a studentEmail that is not an email', (b) => ({ ...b, studentEmail: 'ethan' })),
  newBooking('an _id', (b) => ({ ...b, _id: 'chosen-by-client' })),
  decideBooking('an unknown status', { status: 'done' }),
  decideBooking('status "pending"', { status: 'pending' }),
  decideBooking('a status with other fields', { status: 'approved', studentEmail: FREE_STUDENT }),

  newReview('rating as text', (b) => ({ ...b, rating: '5' })),
  newReview('rating 6', (b) => ({ ...b, rating: 6 })),
  newReview('rating 2.5', (b) => ({ ...b, rating: 2.5 })),
  newReview('no rating', (b) => without(b, 'rating')),
  newReview('a blank comment', (b) => ({ ...b, comment: '   ' })),
  newReview('an _id', (b) => ({ ...b, _id: 'chosen-by-client' })),

  newNote('a blank title', { email: STUDENT, title: ' ', description: 'd' }),
  newNote('no description', { email: STUDENT, title: 't' }),
  newNote('email as a number', { email: 7, title: 't', description: 'd' }),
  newNote('an _id that is not a UUID', { email: STUDENT, title: 't', description: 'd', _id: 'note-1' }),
  // Well-formed, but longer than any address can be: refused as input, before anyone compares it with the caller's.
  newNote(
    `an email over ${TEXT_LIMITS.email} characters`,
    { email: `${'a'.repeat(60)}@${`${'b'.repeat(60)}.`.repeat(4)}com`, title: 't', description: 'd' },
    [400],
  ),
  newNote('a 20 MB body', { email: STUDENT, title: 't', description: 'x'.repeat(20 * 1024 * 1024) }, [400, 413]),
  editNote('a blank description', { title: 't', description: ' ' }),
  editNote('no title', { description: 'd' }),

  signUp('role "admin"', (b) => ({ ...b, role: 'admin' })),
  signUp('role "tutor"', (b) => ({ ...b, role: 'tutor' })),
  signUp(`name over ${TEXT_LIMITS.name} characters`, (b) => ({ ...b, name: over(TEXT_LIMITS.name) })),
  signUp(`photo over ${TEXT_LIMITS.url} characters`, (b) => ({
    ...b,
    photo: `https://example.com/${over(TEXT_LIMITS.url)}`,
  })),
  setRole('role "admin"', { role: 'admin' }),
  setRole('role as a number', { role: 1 }),
  setRole('no role', {}),

  upload(`title over ${TEXT_LIMITS.materialTitle} characters`, (f) => ({
    ...f,
    title: over(TEXT_LIMITS.materialTitle),
  })),
  upload(`description over ${TEXT_LIMITS.materialDescription} characters`, (f) => ({
    ...f,
    description: over(TEXT_LIMITS.materialDescription),
  })),
  upload('an HTML file', (f) => ({ ...f, file: { name: 'x.html', type: 'text/html', content: '<script>1</script>' } })),
  upload('HTML labelled as plain text', (f) => ({
    ...f,
    file: { name: 'x.txt', type: 'text/plain', content: '<!doctype html><script>1</script>' },
  })),
  upload('a PDF whose bytes are not a PDF', (f) => ({
    ...f,
    file: { name: 'x.pdf', type: 'application/pdf', content: 'not a pdf' },
  })),
  upload('no file and no link', (f) => without(f, 'file')),
  upload('a file URL of its own', (f) => ({ ...f, fileUrl: 'javascript:alert(1)' })),
  upload('a javascript: link', (f) => ({ ...f, link: 'javascript:alert(1)' })),
  upload('a javascript: drive link with no file', (f) => ({
    ...without(f, 'file'),
    driveLink: ' JavaScript:alert(1)',
  })),
  upload('a data: link', (f) => ({ ...f, link: 'data:text/html,<script>1</script>' })),
  upload('an http:// link', (f) => ({ ...f, link: 'http://example.com/notes' })),
  upload('a link with a user name in it', (f) => ({ ...f, link: 'https://school.edu@evil.example/x' })),
  upload('a relative link', (f) => ({ ...f, driveLink: '/api/files/x' })),
  upload(`a link over ${TEXT_LIMITS.url} characters`, (f) => ({
    ...f,
    link: `https://example.com/${over(TEXT_LIMITS.url)}`,
  })),
  upload('an image address', (f) => ({ ...f, image: 'https://example.com/x.png' })),
  upload('no title', (f) => without(f, 'title')),
  upload('an empty file', (f) => ({ ...f, file: { name: 'empty.txt', type: 'text/plain', content: '' } })),
  upload(
    `a file over ${MAX_FILE_BYTES} bytes`,
    (f) => ({
      ...f,
      file: { name: 'big.bin', type: 'application/octet-stream', content: new Uint8Array(MAX_FILE_BYTES + 1) },
    }),
    [400, 413],
  ),

  {
    name: `GET /users: a search over ${TEXT_LIMITS.search} characters`,
    request: async () => ({
      method: 'GET',
      path: `/users?search=${over(TEXT_LIMITS.search)}`,
      options: { as: ADMIN },
    }),
  },
  {
    name: 'GET /sessions: a page that is not a number',
    request: async () => ({ method: 'GET', path: '/sessions?status=approved&page=abc', options: {} }),
  },

  // Numbers and dates past what the API takes (docs/rules/limits.md): refused by name, never passed to the database.
  ...['0000-01-01', '9999-12-31T23:59-23:59', '1969-12-31T23:59:59Z', '2101-01-01', '2026-02-30'].flatMap(
    (bound): BadInput[] => [
      {
        name: `GET /sessions: from=${bound}`,
        statuses: [400],
        request: async () => ({ method: 'GET', path: `/sessions?status=approved&from=${bound}`, options: {} }),
      },
      {
        name: `GET /admin/sessions: to=${bound}`,
        statuses: [400],
        request: async () => ({ method: 'GET', path: `/admin/sessions?to=${bound}`, options: { as: ADMIN } }),
      },
    ],
  ),
  {
    name: 'GET /reviews: a page that is not a whole number',
    statuses: [400],
    request: async () => ({ method: 'GET', path: '/reviews?page=1.5', options: { as: ADMIN } }),
  },
  newSession('a class start in the year 10000 once its offset is applied', (b) => ({
    ...b,
    classStart: '9999-12-31T23:59:59-12:00',
    classEnd: '9999-12-31T23:59:59-12:00',
  })),
  newSession('a registration start in year 0', (b) => ({ ...b, registrationStart: '0000-01-01T00:00:00Z' })),
  newSession('a class end after 2100', (b) => ({ ...b, classEnd: '2101-01-01T00:00:00Z' })),
  newSession('a duration of 1e300 hours', (b) => ({ ...b, duration: 1e300 }), [400]),
  newSession('a duration of 1001 hours', (b) => ({ ...b, duration: 1001 }), [400]),
  newSession('a registrationFee of 1e300', (b) => ({ ...b, registrationFee: 1e300 }), [400]),
  newSession('seats over the int range', (b) => ({ ...b, seats: 2 ** 31 }), [400]),
  editSession('a duration of 1e300 hours', { title: 'T', subject: 'S', duration: 1e300, registrationFee: 0 }),
  editSession('a registrationFee of "1e300"', { title: 'T', subject: 'S', duration: 1, registrationFee: '1e300' }),
  approveSession('a fee of 1e300', { fee: 1e300, type: 'Paid' }),
  ...['"2147483648"', '"99999999999"', 'W/"999999999999999"', '"0"', '"1.5"'].flatMap((tag): BadInput[] => [
    {
      name: `PATCH /notes/{id}: If-Match ${tag}`,
      statuses: [400],
      async request(api) {
        const id = await createNote(api, STUDENT)
        const body = { title: 't', description: 'd' }
        return { method: 'PATCH', path: `/notes/${id}`, options: { as: STUDENT, body, headers: { 'If-Match': tag } } }
      },
    },
    {
      name: `DELETE /notes/{id}: If-Match ${tag}`,
      statuses: [400],
      async request(api) {
        const id = await createNote(api, STUDENT)
        return { method: 'DELETE', path: `/notes/${id}`, options: { as: STUDENT, headers: { 'If-Match': tag } } }
      },
    },
  ]),
]

export function badInputTests(api: Api) {
  it('a page past the last one, however large, answers an empty list with the total; limit past its cap, the cap', async () => {
    const all = await api.call<unknown[]>('GET', '/sessions?status=approved&page=1&limit=500')
    expect(all.status).toBe(200)
    for (const page of ['100000000000000000000', '2147483648', '9'.repeat(400)]) {
      for (const path of [
        `/sessions?status=approved&page=${page}`,
        `/reviews?page=${page}&limit=100000000000000000000`,
      ]) {
        const res = await api.call<unknown[]>('GET', path, { as: ADMIN })
        expect(res.status, path.slice(0, 80)).toBe(200)
        expect(res.data, path.slice(0, 80)).toEqual([])
        expect(Number(res.headers.get('X-Total-Count')), path.slice(0, 80)).toBeGreaterThan(0)
      }
    }
    const stillThere = await api.call<unknown[]>('GET', '/sessions?status=approved&page=1&limit=100000000000000000000')
    expect(stillThere.data).toEqual(all.data)
    // A stale revision within range is still a conflict, not a refusal of the header.
    const note = await createNote(api, STUDENT)
    const stale = await api.call('DELETE', `/notes/${note}`, { as: STUDENT, headers: { 'If-Match': '"2147483647"' } })
    expectRefusal(stale, 'DELETE /notes/{id} with If-Match "2147483647"', [409])
  })

  describe('bad input is refused with a message and changes nothing', () => {
    for (const bad of CASES) {
      it(bad.name, async () => {
        const { method, path, options } = await bad.request(api)
        // Sign in first: a first sign-in may write (a last-seen time), the bad call must not.
        if (options.as) await api.signIn(options.as)
        const before = await snapshot(api, [STUDENT])
        const res = await api.call(method, path, options)
        expectRefusal(res, `${method} ${path.slice(0, 80)}`, bad.statuses)
        expect(await snapshot(api, [STUDENT])).toEqual(before)
      })
    }
  })
}
