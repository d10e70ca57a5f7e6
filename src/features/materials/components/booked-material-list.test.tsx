// "Open file" is offered only for a file the API names (a safe URL), and opens
// it in a new tab through the signed link the API issues to the reader: a
// navigation carries no token.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import type { Material } from '#contract/entities'
import { api } from '#shared/api/http-client'
import { clearOfflineMaterials } from '../offline/kept-materials-store'
import { renderApp } from '#app/testing/render-app'
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

afterEach(() => {
  vi.restoreAllMocks()
})

it('offers Open file only for a file the API names, never for a hostile file URL', async () => {
  const materials = [
    material(1, { fileUrl: 'javascript:alert(1)' }),
    material(2, { fileUrl: ' data:text/html,<script>alert(1)</script>', link: 'https://example.org/notes' }),
    material(3, { fileUrl: 'java\tscript:alert(1)', driveLink: 'https://drive.google.com/x' }),
    material(4, { fileUrl: '/api/files/abc' }),
  ]
  server.use(http.get('*/api/materials/session/:sessionId', () => HttpResponse.json(materials)))
  renderApp(<BookedMaterialList sessionId={SESSION_ID} email="student@studyhub.demo" bookingStatus="approved" />, {
    as: 'student',
  })
  const card = async (n: number) => (await screen.findByRole('heading', { name: `Material ${n}` })).closest('li')!
  const openFile = async (n: number) => within(await card(n)).queryByRole('button', { name: /^Open file/ })

  expect(await openFile(1)).toBeNull()
  expect(await openFile(2)).toBeNull()
  expect(await openFile(3)).toBeNull()
  expect(await openFile(4)).not.toBeNull()

  // A tutor's https link is an external link that names its host; a hostile one is not shown.
  const external = within(await card(2)).getByRole('link', { name: /^Open link/ })
  expect(external.getAttribute('href')).toBe('https://example.org/notes')
  expect(external.getAttribute('target')).toBe('_blank')
  expect(external.getAttribute('rel')).toBe('noopener noreferrer')
  expect(external.textContent).toContain('(example.org)')
  expect(within(await card(3)).getByRole('link', { name: /^Open in Drive/ }).textContent).toContain(
    '(drive.google.com)',
  )
  expect(within(await card(1)).queryAllByRole('link')).toEqual([])
})

it('opens the file in a new tab through a signed link that works without a token', async () => {
  const booked = (await api('listApprovedMaterials'))[0]!
  const opened = vi.spyOn(window, 'open').mockReturnValue(null)
  renderApp(
    <BookedMaterialList sessionId={booked.sessionId} email="student@studyhub.demo" bookingStatus="approved" />,
    {
      as: 'student',
    },
  )
  const card = (await screen.findByRole('heading', { name: booked.title })).closest('li')!
  await userEvent.setup().click(within(card).getByRole('button', { name: /^Open file/ }))

  await waitFor(() => expect(opened).toHaveBeenCalledTimes(1))
  const [href, target, features] = opened.mock.calls[0]!
  expect(target).toBe('_blank')
  expect(features).toBe('noopener,noreferrer')
  const url = new URL(String(href))
  expect(`${url.origin}${url.pathname}`).toBe(new URL(booked.fileUrl, location.origin).href)
  expect(url.searchParams.get('signature')).toBeTruthy()
  // What the new tab gets: the file, with no Authorization header.
  expect((await fetch(url)).status).toBe(200)
})

it('says so in the card when the link cannot be had', async () => {
  server.use(
    http.get('*/api/materials/session/:sessionId', () =>
      HttpResponse.json([material(4, { fileUrl: '/api/files/abc' })]),
    ),
  )
  const opened = vi.spyOn(window, 'open').mockReturnValue(null)
  renderApp(<BookedMaterialList sessionId={SESSION_ID} email="student@studyhub.demo" bookingStatus="approved" />, {
    as: 'student',
  })
  const card = (await screen.findByRole('heading', { name: 'Material 4' })).closest('li')!
  await userEvent.setup().click(within(card).getByRole('button', { name: /^Open file/ }))
  expect((await within(card).findByText('Material not found.')).getAttribute('role')).toBe('alert')
  expect(opened).not.toHaveBeenCalled()
})
