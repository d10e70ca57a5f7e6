// A multipart route's body goes as form data, its File included: axios builds
// the FormData from the call's body (docs/decisions/0053-axios-after-the-first-paint.md).
// jsdom's FormData, File and Blob are not the ones Node's fetch can send or
// parse, so this file gives the app the runtime's own, as a browser has only
// those; it does so before the first call loads the client.
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer'
import { http, HttpResponse } from 'msw'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { server } from '../../../tests/setup/msw-server'
import { api } from './http-client'

beforeAll(async () => {
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor
  vi.stubGlobal('FormData', NodeFormData)
  vi.stubGlobal('File', NodeFile)
  vi.stubGlobal('Blob', NodeBlob)
})
afterAll(() => vi.unstubAllGlobals())

it('sends an upload’s fields and file as multipart form data', async () => {
  let form: FormData | undefined
  let contentType: string | null = null
  server.use(
    http.post('*/api/materials', async ({ request }) => {
      contentType = request.headers.get('content-type')
      form = await request.formData()
      return HttpResponse.json({ insertedId: 'm1' })
    }),
  )
  const file = new File(['%PDF-1.4 slides'], 'week-1.pdf', { type: 'application/pdf' })

  const answer = await api('uploadMaterial', {
    body: { sessionId: 's1', title: 'Week 1', description: '', tutorEmail: 'ada@example.com', file },
  })

  expect(answer).toEqual({ insertedId: 'm1' })
  // The boundary is fetch's to write: a Content-Type without one could not be parsed.
  expect(contentType).toMatch(/^multipart\/form-data; boundary=/)
  expect(form?.get('sessionId')).toBe('s1')
  expect(form?.get('title')).toBe('Week 1')
  expect(form?.get('tutorEmail')).toBe('ada@example.com')
  const sent = form?.get('file') as File | null
  expect(sent?.name).toBe('week-1.pdf')
  expect(sent?.type).toBe('application/pdf')
  expect(await sent?.text()).toBe('%PDF-1.4 slides')
})
