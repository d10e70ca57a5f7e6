// Walks every call of docs/product.md#api-calls, written out here, and fails
// if the route table lacks one, if a payload the product names does not fit
// the endpoint's schema, or if a field the client reads is missing from the
// response schema. Also checks the table has nothing the product does not call.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { endpoints } from './endpoints'
import { buildPath, revisionOfTag, routes, type RouteName } from './routes'

const NOW = '2026-03-01T10:00:00.000Z'

interface SpecCall {
  /** Method, path and query exactly as docs/product.md#api-calls writes them. */
  call: string
  /** A payload of the shape docs/product.md#api-calls gives. */
  body?: Record<string, unknown>
  /** Response fields the client reads (docs/product.md#api-calls). */
  reads?: string[]
  multipart?: true
}

const SPEC_CALLS: SpecCall[] = [
  // Auth and users
  { call: 'GET /users/{email}', reads: ['role'] },
  { call: 'POST /jwt', body: { email: 'sam@example.com' }, reads: ['token'] },
  { call: 'POST /users', body: { name: 'Sam', email: 'sam@example.com', photo: 'https://example.com/sam.png' } },
  { call: 'POST /users', body: { email: 'sam@example.com', role: 'user', created_at: NOW, last_log_in: NOW } },
  { call: 'GET /users?search={text}' },
  { call: 'GET /users' },
  { call: 'PATCH /users/{id}/role', body: { role: 'tutor' }, reads: ['modifiedCount'] },
  { call: 'DELETE /users/{id}' },

  // Sessions
  { call: 'GET /admin/sessions' },
  { call: 'GET /sessions?status=approved' },
  { call: 'GET /sessions' },
  { call: 'GET /sessions/pending' },
  { call: 'GET /sessions/{id}' },
  { call: 'GET /sessions/tutor/{email}' },
  {
    call: 'POST /sessions',
    body: {
      title: 'Algebra',
      subject: 'Maths',
      description: 'Linear equations',
      registrationStart: '2026-03-01T00:00:00.000Z',
      registrationEnd: '2026-03-10T00:00:00.000Z',
      classStart: '2026-03-12T09:00:00.000Z',
      classEnd: '2026-03-20T09:00:00.000Z',
      duration: 2,
      registrationFee: 0,
      tutorName: 'Ada',
      tutorEmail: 'ada@example.com',
      status: 'pending',
      createdAt: NOW,
    },
    reads: ['insertedId'],
  },
  { call: 'PATCH /sessions/{id}/approve', body: { fee: 25 } },
  { call: 'PATCH /sessions/{id}/reject' },
  { call: 'PATCH /sessions/{id}', body: { title: 'Algebra II', subject: 'Maths', duration: 3, registrationFee: 10 } },
  { call: 'PATCH /sessions/{id}/resubmit', reads: ['modifiedCount'] },
  { call: 'DELETE /sessions/{id}', reads: ['deletedCount'] },

  // Stats
  { call: 'GET /admin/stats', reads: ['totalUsers', 'totalSessions', 'pending', 'approved', 'rejected'] },
  { call: 'GET /student/stats/{email}', reads: ['totalBookings', 'totalReviews', 'totalMaterials'] },
  { call: 'GET /tutor/stats/{email}', reads: ['totalSessions', 'totalMaterials', 'totalStudents', 'avgRating'] },

  // Bookings
  { call: 'GET /bookings' },
  { call: 'GET /bookings?status=pending' },
  { call: 'GET /bookings/student/{email}' },
  {
    call: 'POST /bookings',
    body: { sessionId: 's1', studentEmail: 'sam@example.com', tutorEmail: 'ada@example.com' },
    reads: ['success', 'message'],
  },
  { call: 'PATCH /bookings/{id}', body: { status: 'approved' }, reads: ['success'] },
  {
    call: 'PATCH /bookings/{id}',
    body: { studentEmail: 'sam@example.com', tutorEmail: 'ada@example.com', sessionId: 's2' },
    reads: ['success'],
  },
  { call: 'DELETE /bookings/{id}' },

  // Notes
  { call: 'GET /notes/student/{email}' },
  { call: 'POST /notes', body: { email: 'sam@example.com', title: 'Week 1', description: 'Read chapter 2' } },
  { call: 'PATCH /notes/{id}', body: { title: 'Week 1', description: 'Read chapters 2 and 3' } },
  { call: 'DELETE /notes/{id}' },

  // Reviews
  { call: 'GET /reviews' },
  { call: 'GET /reviews/{sessionId}' },
  {
    call: 'POST /reviews',
    body: { sessionId: 's1', studentEmail: 'sam@example.com', studentName: 'Sam', comment: 'Clear', rating: 5 },
  },
  { call: 'DELETE /reviews/{id}', reads: ['deletedCount'] },

  // Materials
  { call: 'GET /materials' },
  { call: 'GET /materials/pending' },
  { call: 'GET /materials/approved' },
  { call: 'GET /materials/tutor/{email}' },
  { call: 'GET /materials/session/{sessionId}' },
  {
    call: 'POST /materials',
    multipart: true,
    body: {
      sessionId: 's1',
      title: 'Slides',
      description: 'Week 1 slides',
      tutorEmail: 'ada@example.com',
      file: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    },
    reads: ['success'],
  },
  { call: 'PATCH /materials/{id}/approve', reads: ['success', 'message'] },
  { call: 'PATCH /materials/{id}/reject', reads: ['success', 'message'] },
  { call: 'DELETE /materials/{id}' },
]

const routeNames = Object.keys(routes) as RouteName[]

/** `/users/:email` → `/users/{email}`, the notation of docs/product.md#api-calls. */
const specPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}')

function parseCall(call: string) {
  const [method, target] = call.split(' ') as [string, string]
  const [path, queryString] = target.split('?') as [string, string | undefined]
  const query = Object.fromEntries(new URLSearchParams(queryString ?? ''))
  return { method, path, query }
}

function findRoute(call: string): RouteName[] {
  const { method, path } = parseCall(call)
  return routeNames.filter((name) => routes[name].method === method && specPath(routes[name].path) === path)
}

/** The fields of an object schema, or of the items of an array schema. */
function fieldsOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodArray) return fieldsOf(schema.element as z.ZodType)
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape)
  return []
}

describe('the product’s API calls', () => {
  it('lists every call the product makes', () => {
    // 6 + 2 user variants, 12 session, 3 stats, 6 + 1 booking variants, 4 notes, 4 reviews, 9 materials.
    expect(SPEC_CALLS).toHaveLength(47)
  })

  describe.each(SPEC_CALLS)('$call', ({ call, body, reads, multipart }) => {
    it('has exactly one route in the table', () => {
      expect(findRoute(call), `no route for "${call}" in src/contract/routes.ts`).toHaveLength(1)
    })

    it('accepts the product’s query and payload', () => {
      const [name] = findRoute(call)
      expect(name).toBeDefined()
      const schemas = endpoints[name!] as Partial<Record<'query' | 'body', z.ZodType>>
      const { query } = parseCall(call)
      if (Object.keys(query).length > 0) {
        expect(schemas.query, `${call} takes a query`).toBeDefined()
        // `{text}` stands for any search text.
        const sample = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v.replace(/\{\w+\}/, 'ada')]))
        expect(schemas.query!.safeParse(sample).success).toBe(true)
      }
      if (body) {
        expect(schemas.body, `${call} takes a payload`).toBeDefined()
        const parsed = schemas.body!.safeParse(body)
        expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true)
      }
      expect(Boolean((routes[name!] as { multipart?: true }).multipart)).toBe(Boolean(multipart))
    })

    if (reads) {
      it(`answers with ${reads.join(', ')}`, () => {
        const [name] = findRoute(call)
        expect(fieldsOf(endpoints[name!].response)).toEqual(expect.arrayContaining(reads))
      })
    }
  })

  it('GET /reviews/{sessionId} answers a list of reviews with a rating field', () => {
    const [name] = findRoute('GET /reviews/{sessionId}')
    const response = endpoints[name!].response
    expect(response).toBeInstanceOf(z.ZodArray)
    expect(fieldsOf(response)).toContain('rating')
  })

  it('has no route the product does not call, except the extensions marked as such', () => {
    const used = new Set(SPEC_CALLS.flatMap((c) => findRoute(c.call)))
    const extra = routeNames.filter((name) => !used.has(name))
    expect(extra.filter((name) => !('extension' in routes[name]))).toEqual([])
    expect(extra).toEqual([
      'getUserOwned',
      'signOutEverywhere',
      'updateSessionClass',
      'cancelSession',
      'listSessionMeetings',
      'getSessionRoster',
      'cancelBooking',
      'markAttendance',
      'getBookingCalendar',
      'getCalendarFeed',
      'createCalendarFeed',
      'deleteCalendarFeed',
      'readCalendarFeed',
      'getMaterialFileLink',
      'listNotifications',
      'getUnreadNotificationCount',
      'markNotificationRead',
      'markAllNotificationsRead',
      'getPushPublicKey',
      'savePushSubscription',
      'deletePushSubscription',
      'getNotificationPreferences',
      'saveNotificationPreferences',
      'getUnsubscribe',
      'unsubscribe',
    ])
  })
})

describe('endpoint schemas', () => {
  it.each(routeNames)('%s has a response schema and params matching its path', (name) => {
    const schemas = endpoints[name] as { params?: z.ZodType; response?: z.ZodType }
    expect(schemas, `src/contract/endpoints.ts has no entry for ${name}`).toBeDefined()
    expect(schemas.response).toBeInstanceOf(z.ZodType)

    const pathParams = [...routes[name].path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1])
    if (pathParams.length === 0) {
      expect(schemas.params).toBeUndefined()
    } else {
      expect(fieldsOf(schemas.params!).sort()).toEqual([...pathParams].sort())
    }
  })

  it('has no schemas for a name that is not a route', () => {
    expect(Object.keys(endpoints).sort()).toEqual([...routeNames].sort())
  })
})

describe('buildPath', () => {
  it('fills and encodes every parameter', () => {
    expect(buildPath('/users/:email', { email: 'a b@example.com' })).toBe('/users/a%20b%40example.com')
    expect(buildPath('/materials/session/:sessionId', { sessionId: '../x' })).toBe('/materials/session/..%2Fx')
  })

  it('refuses a missing or empty parameter rather than calling the wrong path', () => {
    expect(() => buildPath('/sessions/:id', {})).toThrow(/Missing path parameter "id"/)
    expect(() => buildPath('/sessions/:id', { id: '' })).toThrow(/Missing path parameter "id"/)
  })
})

describe('revisionOfTag', () => {
  it('reads a revision from 1 to the database integer’s largest, weak or quoted or bare', () => {
    expect(revisionOfTag(null)).toBeUndefined()
    expect(revisionOfTag(' * ')).toBeUndefined()
    expect(revisionOfTag('"3"')).toBe(3)
    expect(revisionOfTag('W/"3"')).toBe(3)
    expect(revisionOfTag('2147483647')).toBe(2_147_483_647)
  })

  it('says a value is not a revision when it is none, or larger than any revision can be', () => {
    for (const value of ['"0"', '"-1"', '"1.5"', '"2147483648"', '"99999999999"', '"1e3"', 'abc', '']) {
      expect(revisionOfTag(value), value).toBeNull()
    }
  })
})
