// A user and the REST calls about them (GET /users/:email, POST /jwt)
// answered by msw and recorded, for the HTTP client's tests
// (src/shared/api/http-client-*.test.ts): what they check is the request a
// call sends.
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/setup/msw-server'

export const USER = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  photo: '',
  role: 'student',
  created_at: '2026-01-01T00:00:00.000Z',
  last_log_in: '2026-01-02T00:00:00.000Z',
}

/** Answers GET /users/:email with USER and records the request. */
export function recordUserRequests(): Request[] {
  const seen: Request[] = []
  server.use(
    http.get('*/api/users/:email', ({ request }) => {
      seen.push(request.clone())
      return HttpResponse.json(USER)
    }),
    http.post('*/api/jwt', ({ request }) => {
      seen.push(request.clone())
      return HttpResponse.json({ token: 'app-token' })
    }),
  )
  return seen
}
