// A saved zone that arrives after a page was drawn is used from the next page on: the open page is never drawn anew
// under the user, so a half-filled field keeps what was typed (and its focus).
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import { formatWhen, setViewerTimeZone } from '#shared/format/date'
import { renderApp } from '../testing/render-app'
import { RootLayout } from './root-layout'

const AT = '2026-12-02T16:00:00.000Z'

function Page() {
  return (
    <>
      <p data-testid="when">{formatWhen(AT)}</p>
      <input aria-label="Note" />
    </>
  )
}

const routes = (path: string) => [{ path: '/', element: <RootLayout />, children: [{ path, element: <Page /> }] }]

afterEach(() => act(() => setViewerTimeZone(undefined)))

it('keeps the open page, and what was typed in it, when the saved zone arrives', async () => {
  renderApp(routes('notes'), { url: '/notes' })
  const field = await screen.findByLabelText('Note')
  await userEvent.type(field, 'Half a thought')
  act(() => setViewerTimeZone('Asia/Tokyo'))
  expect(screen.getByLabelText('Note')).toBe(field)
  expect((field as HTMLInputElement).value).toBe('Half a thought')
})

it('draws a page in the saved zone once it has arrived', async () => {
  act(() => setViewerTimeZone('Asia/Tokyo'))
  renderApp(routes('sessions'), { url: '/sessions' })
  expect((await screen.findByTestId('when')).textContent).toBe(formatWhen(AT, undefined, 'Asia/Tokyo'))
})
