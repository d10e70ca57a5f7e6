import { screen } from '@testing-library/react'
import { useQuery } from '@tanstack/react-query'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, it } from 'vitest'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import { MAX_FILE_BYTES as MAX_UPLOAD_BYTES } from '#contract/limits'
import { FILE_TOO_LARGE_MESSAGE, FILE_TYPE_MESSAGE } from '#contract/uploads'
import { LINK_MESSAGE } from '#contract/links'
import { api } from '#shared/api/http-client'
import { renderApp } from '#app/testing/render-app'
import { tutorSessionQueries } from '#features/tutor-sessions/api/tutor-session-queries'
import { UPLOAD_REQUIRED, UploadMaterialForm } from './upload-material-form'

const email = 'tutor@studyhub.demo'
let uploads = 0

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(email)
  uploads = 0
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/materials') uploads += 1
  })
  return () => server.events.removeAllListeners()
})

// The form as the upload route composes it, with the tutor's sessions.
function Form() {
  return <UploadMaterialForm tutorEmail={email} sessions={useQuery(tutorSessionQueries.byTutor(email))} />
}

async function setup() {
  // Files the picker's `accept` would hide are still droppable: test the check, not the picker.
  const user = userEvent.setup({ applyAccept: false })
  renderApp(<Form />)
  const session = await screen.findByLabelText('Session')
  const option = session.querySelectorAll('option')[1]
  if (!option) throw new Error('the demo tutor has an approved session')
  await user.selectOptions(session, option)
  await user.type(screen.getByLabelText('Title'), 'Week 1 slides')
  return user
}

it('states the limit and refuses an HTML file before uploading', async () => {
  const user = await setup()
  expect(screen.getByText(/up to 10 MB/)).toBeTruthy()
  expect(screen.getByLabelText('Tutor email')).toHaveProperty('readOnly', true)
  await user.upload(screen.getByLabelText('File'), new File(['<script>1</script>'], 'x.html', { type: 'text/html' }))
  expect((await screen.findByRole('alert')).textContent).toBe(FILE_TYPE_MESSAGE)
  await user.click(screen.getByRole('button', { name: 'Upload Material' }))
  expect((await screen.findByRole('alert')).textContent).toBe(UPLOAD_REQUIRED)
  expect(uploads).toBe(0)
})

it('refuses a file over the limit', async () => {
  const user = await setup()
  const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.pdf', { type: 'application/pdf' })
  await user.upload(screen.getByLabelText('File'), big)
  expect((await screen.findByRole('alert')).textContent).toBe(FILE_TOO_LARGE_MESSAGE)
  expect(uploads).toBe(0)
})

// The upload itself (multipart through the HTTP client) is exercised in the browser test
// tests/e2e/workspaces-materials.spec.ts: under jsdom, jsdom's FormData cannot go through Node's fetch.

it('refuses a javascript: link with a message, before uploading', async () => {
  const user = await setup()
  await user.type(screen.getByLabelText('Link (optional)'), 'javascript:alert(1)')
  await user.click(screen.getByRole('button', { name: 'Upload Material' }))
  expect((await screen.findByRole('alert')).textContent).toBe(`Link ${LINK_MESSAGE}.`)
  await user.clear(screen.getByLabelText('Link (optional)'))
  await user.type(screen.getByLabelText('Drive link (optional)'), 'http://drive.google.com/x')
  await user.click(screen.getByRole('button', { name: 'Upload Material' }))
  expect((await screen.findByRole('alert')).textContent).toBe(`Drive link ${LINK_MESSAGE}.`)
  expect(uploads).toBe(0)
})

it('uploads a material that is a Drive link with no file', async () => {
  const user = await setup()
  await user.type(screen.getByLabelText('Drive link (optional)'), 'https://drive.google.com/drive/folders/abc')
  await user.click(screen.getByRole('button', { name: 'Upload Material' }))
  expect(await screen.findByText('Material uploaded. It will be visible once an admin approves it.')).toBeTruthy()
  expect(uploads).toBe(1)
  const mine = await api('listTutorMaterials', { params: { email } })
  expect(mine.find((m) => m.title === 'Week 1 slides')).toMatchObject({
    driveLink: 'https://drive.google.com/drive/folders/abc',
    fileUrl: '',
  })
})
