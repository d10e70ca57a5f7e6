// A server that answers the REST contract's calls exactly as the contract
// writes them and nothing more: plain JSON lists that ignore `page`, `limit`
// and filters it does not define, no X-Total-Count, sessions without
// reviewCount. The app must be right against it as well as against ours
// (src/app/literal-contract.test.tsx). msw handlers, installed with server.use().
import { http, HttpResponse, type HttpHandler } from 'msw'

const DAY = 86_400_000
const iso = (offset: number) => new Date(Date.now() + offset * DAY).toISOString()

export interface LiteralSession {
  _id: string
  title: string
  subject: string
  description: string
  registrationStart: string
  registrationEnd: string
  classStart: string
  classEnd: string
  duration: number
  registrationFee: number
  tutorName: string
  tutorEmail: string
  status: 'pending' | 'approved' | 'rejected'
  createdAt: string
  averageRating: number
}

function session(i: number, status: LiteralSession['status']): LiteralSession {
  return {
    _id: `literal-${status}-${i}`,
    title: `${status === 'approved' ? 'Approved' : 'Pending'} session ${i}`,
    subject: 'Mathematics',
    description: `Session number ${i}.`,
    registrationStart: iso(-2),
    registrationEnd: iso(10),
    classStart: iso(12),
    classEnd: iso(40),
    duration: 2,
    registrationFee: 0,
    tutorName: 'Priya Sharma',
    tutorEmail: 'tutor@studyhub.demo',
    status,
    createdAt: iso(-i),
    // An average with no count: the contract's field, without our extension beside it.
    averageRating: i === 1 ? 4.5 : 0,
  }
}

export const LITERAL_APPROVED = Array.from({ length: 20 }, (_, i) => session(i + 1, 'approved'))
export const LITERAL_PENDING = Array.from({ length: 2 }, (_, i) => session(i + 1, 'pending'))
/** Session 1 has two reviews (4 and 5); the others none. */
const LITERAL_REVIEWS = [
  { _id: 'r1', sessionId: 'literal-approved-1', studentName: 'Liam', comment: 'Good', rating: 4, createdAt: iso(-1) },
  { _id: 'r2', sessionId: 'literal-approved-1', studentName: 'Aisha', comment: 'Great', rating: 5, createdAt: iso(-1) },
]

export interface LiteralServer {
  handlers: HttpHandler[]
  /** Every request body the server received, by method and path. */
  received: { method: string; path: string; body: unknown }[]
}

export function literalContractServer(): LiteralServer {
  const received: LiteralServer['received'] = []
  const all = [...LITERAL_APPROVED, ...LITERAL_PENDING]
  const record = async (request: Request) => {
    const text = await request.clone().text()
    received.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null })
  }
  const handlers: HttpHandler[] = [
    http.get('*/api/sessions/pending', () => HttpResponse.json(LITERAL_PENDING)),
    http.get('*/api/sessions/:id', ({ params }) => {
      const found = all.find((s) => s._id === params.id)
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Not found' }, { status: 404 })
    }),
    // `status=approved` is the contract's own filter; page and limit are not.
    http.get('*/api/sessions', ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('status') === 'approved' ? LITERAL_APPROVED : all),
    ),
    http.get('*/api/admin/sessions', () => HttpResponse.json(all)),
    http.get('*/api/reviews/:sessionId', ({ params }) =>
      HttpResponse.json(LITERAL_REVIEWS.filter((r) => r.sessionId === params.sessionId)),
    ),
    http.get('*/api/bookings/student/:email', () => HttpResponse.json([])),
    http.post('*/api/bookings', async ({ request }) => {
      await record(request)
      return HttpResponse.json({ success: true, message: 'Booked' })
    }),
    http.patch('*/api/sessions/:id/approve', async ({ request }) => {
      await record(request)
      return HttpResponse.json({ acknowledged: true, modifiedCount: 1 })
    }),
  ]
  return { handlers, received }
}
