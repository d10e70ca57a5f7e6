// My Study Materials keeps the files online and opens them from the device
// offline, in the 500 px frame, typed by the app.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, expect, it, vi } from 'vitest'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import { renderApp } from '#app/testing/render-app'
import { clearOfflineMaterials } from '../offline/kept-materials-store'
import { FRAME_HEIGHT } from './material-viewer'
import { SHOWING_KEPT, StudentMaterialsGrid } from './student-materials-grid'

const STUDENT = 'student@studyhub.demo'

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(STUDENT)
  await clearOfflineMaterials()
  setOnline(true)
})

it('keeps the files while online, then lists and opens them from the device offline', async () => {
  const blobs: Blob[] = []
  let n = 0
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob)
    return `blob:http://localhost:3000/${n++}`
  })
  URL.revokeObjectURL = vi.fn()
  const user = userEvent.setup()

  const online = renderApp(<StudentMaterialsGrid email={STUDENT} />)
  const pdfCard = (await screen.findByRole('heading', { name: 'Mathematics lecture notes' })).closest('li')!
  expect(await within(pdfCard).findByText(/^Saved offline · \d+ KB$/)).toBeTruthy()
  // What the file is, in words: never bytes or a MIME type.
  expect(within(pdfCard).getByTestId('file-summary').textContent).toMatch(/^PDF, \d+ KB$/)
  await waitFor(() => expect(screen.getByTestId('kept-total').textContent).toMatch(/^3 files, [\d.]+ (KB|MB) in all\./))
  online.unmount()

  setOnline(false)
  server.use(http.all('*/api/*', () => HttpResponse.error()))
  renderApp(<StudentMaterialsGrid email={STUDENT} />)
  expect(await screen.findByText(SHOWING_KEPT)).toBeTruthy()
  const card = (await screen.findByRole('heading', { name: 'Mathematics lecture notes' })).closest('li')!
  expect(within(card).getByText(/^Saved offline · \d+ KB$/)).toBeTruthy()
  await user.click(within(card).getByRole('button', { name: /^View/ }))

  const frame = await screen.findByTitle('File of Mathematics lecture notes')
  expect(frame.tagName).toBe('IFRAME')
  expect(frame.getAttribute('height')).toBe(String(FRAME_HEIGHT))
  expect(frame.getAttribute('src')).toMatch(/^blob:/)
  const shown = blobs.at(-1)!
  expect(shown.type).toBe('application/pdf')
  expect(new TextDecoder().decode((await shown.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
  await user.click(screen.getByRole('button', { name: 'Close' }))

  // Removing works offline: the file leaves the device and the list.
  await user.click(within(card).getByRole('button', { name: /^Remove from device/ }))
  expect(await within(card).findByText('Not saved on this device')).toBeTruthy()
  // Keeping again needs the server: disabled, with the reason.
  const keep = within(card).getByRole('button', { name: /^Keep offline/ })
  expect(keep).toHaveProperty('disabled', true)
  expect(document.getElementById(keep.getAttribute('aria-describedby')!)?.textContent).toMatch(/^You are offline/)
})

it('asks the server once for the list, whatever the number of booked sessions', async () => {
  const asked: string[] = []
  const listen = ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url)
    if (/^\/api\/(materials|bookings)\//.test(pathname)) asked.push(pathname)
  }
  server.events.on('request:start', listen)
  try {
    renderApp(<StudentMaterialsGrid email={STUDENT} />)
    expect(await screen.findByRole('heading', { name: 'Mathematics lecture notes' })).toBeTruthy()
    expect(asked).toEqual(['/api/materials/approved'])
  } finally {
    server.events.removeListener('request:start', listen)
  }
})
