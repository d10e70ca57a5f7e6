// A live build whose API is on another origin than the app (VITE_API_URL on
// another host): a material's fileUrl comes from the server as a path on the
// API's origin. The viewer, the download and "keep offline" resolve it
// against the API and fetch it with the app token as they do on one origin;
// a file on any other origin never gets the token.
import { render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { server } from '../../../tests/setup/msw-server'
import type { Material } from '#contract/entities'
import { fetchFile } from '#shared/api/file-fetch'
import { LOCAL_KEYS } from '#shared/storage/browser-storage'
import type * as Env from '#shared/config/env'
import { downloadMaterial, MaterialFrame } from './components/material-viewer'
import { canKeep, keepMaterial } from './offline/keep-materials'
import { clearOfflineMaterials, readKeptFile } from './offline/kept-materials-store'
import { materialFileUrl } from './verified-file'

const API = 'https://api.studyhub.test/api'
vi.mock('#shared/config/env', async (importOriginal) => ({
  ...(await importOriginal<typeof Env>()),
  apiBaseUrl: () => API,
}))

const STUDENT = 'student@example.com'
const PDF = new TextEncoder().encode('%PDF-1.4 cross-origin')

function material(fileUrl: string): Material {
  return {
    _id: 'm'.repeat(24),
    sessionId: 's'.repeat(24),
    title: 'Vectors',
    description: '',
    tutorEmail: 'tutor@example.com',
    status: 'approved',
    fileUrl,
    fileName: 'vectors.pdf',
    fileType: 'application/pdf',
    createdAt: '2026-01-01T00:00:00.000Z',
  }
}

/** The API's file route on its own origin; records who asked with which token. */
function apiFiles() {
  const asked: { url: string; auth: string | null }[] = []
  server.use(
    http.get(`${API}/files/:id`, ({ request }) => {
      asked.push({ url: request.url, auth: request.headers.get('Authorization') })
      return new HttpResponse(PDF, { headers: { 'Content-Type': 'application/pdf' } })
    }),
  )
  return asked
}

beforeEach(async () => {
  localStorage.setItem(LOCAL_KEYS.accessToken, 'app-token')
  await clearOfflineMaterials()
  URL.createObjectURL = vi.fn(() => `blob:${location.origin}/1`)
  URL.revokeObjectURL = vi.fn()
})

afterEach(() => vi.restoreAllMocks())

it("resolves the server's file path against the API, not the app", () => {
  expect(location.origin).not.toBe(new URL(API).origin)
  expect(materialFileUrl(material('/api/files/f1'))).toBe('https://api.studyhub.test/api/files/f1')
})

it('the viewer fetches the file from the API with the token and shows it typed by the app', async () => {
  const asked = apiFiles()
  render(<MaterialFrame material={material('/api/files/f1')} />)
  const frame = await screen.findByTitle('File of Vectors')
  expect(frame.getAttribute('src')).toBe(`blob:${location.origin}/1`)
  expect(asked).toEqual([{ url: 'https://api.studyhub.test/api/files/f1', auth: 'Bearer app-token' }])
})

it('keeps the file offline from the API, and downloads it from there', async () => {
  const asked = apiFiles()
  const m = material('/api/files/f1')
  expect(canKeep(m)).toBe(true)
  await keepMaterial(STUDENT, m)
  const kept = await readKeptFile(STUDENT, m._id)
  expect(kept?.type).toBe('application/pdf')
  expect(new TextDecoder().decode(await kept!.blob.arrayBuffer())).toBe('%PDF-1.4 cross-origin')

  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
  await downloadMaterial(m)
  expect(click).toHaveBeenCalledTimes(1)
  expect(asked.map((a) => a.url)).toEqual([
    'https://api.studyhub.test/api/files/f1',
    'https://api.studyhub.test/api/files/f1',
  ])
  expect(asked.every((a) => a.auth === 'Bearer app-token')).toBe(true)
})

it('a file on any other origin is framed as it is, never fetched with the token, and not kept', async () => {
  const elsewhere = material('https://files.example.org/vectors.pdf')
  expect(canKeep(elsewhere)).toBe(false)
  await expect(fetchFile('https://files.example.org/vectors.pdf')).rejects.toThrow(/Only files served by StudyHub/)
  render(<MaterialFrame material={elsewhere} />)
  await waitFor(() =>
    expect(screen.getByTitle('File of Vectors').getAttribute('src')).toBe('https://files.example.org/vectors.pdf'),
  )
})
