// axios comes in its own chunk, fetched by the first call
// (docs/decisions/0053-axios-after-the-first-paint.md). When that fetch fails
// (offline before the worker had the chunk), the call gets no answer, as it
// would with the chunk: an ApiError with status 0, which callers read as
// "keep what you had", never as the server's refusal. The next call tries again.
import { http, HttpResponse } from 'msw'
import { expect, it, vi } from 'vitest'
import { server } from '../../../tests/setup/msw-server'
import { ApiError } from './api-error'

let chunkFails = true
vi.mock('./axios-client', async (importOriginal) => {
  if (chunkFails) throw new TypeError('Failed to fetch dynamically imported module')
  return importOriginal()
})

it('rejects with a network error when the client’s chunk cannot be fetched, and fetches it on the next call', async () => {
  const { api } = await import('./http-client')
  server.use(http.get('*/api/sessions/:id', () => HttpResponse.json({ _id: 's1', title: 'Algebra' })))

  const error = await api('getSession', { params: { id: 's1' } }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ApiError)
  expect((error as ApiError).isNetworkError).toBe(true)

  chunkFails = false
  await expect(api('getSession', { params: { id: 's1' } })).resolves.toMatchObject({ _id: 's1', title: 'Algebra' })
})
