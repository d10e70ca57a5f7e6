// "Open file" goes through the same URL checks as every other link: a hostile
// file URL never becomes its href, and a safe link behind it still opens.
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, expect, it } from 'vitest'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import type { Material } from '../../../contract/entities'
import { clearOfflineMaterials } from '../offline/kept-materials-store'
import { renderApp } from '../../../app/testing/render-app'
import { BookedMaterialList } from './booked-material-list'

const SESSION_ID = 'a'.repeat(24)

function material(n: number, urls: Pick<Material, 'fileUrl' | 'link' | 'driveLink'>): Material {
  return {
    _id: String(n).padStart(24, '0'),
    sessionId: SESSION_ID,
    title: `Material ${n}`,
    description: '',
    tutorEmail: 'tutor@studyhub.demo',
    status: 'approved',
    fileName: 'notes.pdf',
    fileType: 'application/pdf',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...urls,
  }
}

beforeEach(async () => {
  await resetDemoDb()
  await signInAs('student@studyhub.demo')
  await clearOfflineMaterials()
})

it('never puts a hostile file URL in the Open file link, and falls back to a safe link', async () => {
  const materials = [
    material(1, { fileUrl: 'javascript:alert(1)' }),
    material(2, { fileUrl: ' data:text/html,<script>alert(1)</script>', link: 'https://example.org/notes' }),
    material(3, {
      fileUrl: 'java\tscript:alert(1)',
      link: 'vbscript:msgbox(1)',
      driveLink: 'https://drive.google.com/x',
    }),
    material(4, { fileUrl: '/api/files/abc' }),
  ]
  server.use(http.get('*/api/materials/session/:sessionId', () => HttpResponse.json(materials)))
  renderApp(<BookedMaterialList sessionId={SESSION_ID} email="student@studyhub.demo" bookingStatus="approved" />, {
    as: 'student',
  })
  const card = async (n: number) => (await screen.findByRole('heading', { name: `Material ${n}` })).closest('li')!
  const openFile = async (n: number) => within(await card(n)).queryByRole('link', { name: /^Open file/ })

  expect(await openFile(1)).toBeNull()
  expect((await openFile(2))?.getAttribute('href')).toBe('https://example.org/notes')
  expect((await openFile(3))?.getAttribute('href')).toBe('https://drive.google.com/x')
  expect((await openFile(4))?.getAttribute('href')).toBe(`${location.origin}/api/files/abc`)
})
