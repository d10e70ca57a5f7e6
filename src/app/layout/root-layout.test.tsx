// A change of the viewer's zone draws the page's times anew in it, except on Settings, where the zone is chosen and
// its field keeps the focus.
import { act, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { formatWhen, setViewerTimeZone } from '#shared/format/date'
import { renderApp } from '../testing/render-app'
import { RootLayout } from './root-layout'

const AT = '2026-12-02T16:00:00.000Z'

function Page() {
  return (
    <>
      <p data-testid="when">{formatWhen(AT)}</p>
      <input aria-label="Time zone" />
    </>
  )
}

const routes = (path: string) => [{ path: '/', element: <RootLayout />, children: [{ path, element: <Page /> }] }]

afterEach(() => act(() => setViewerTimeZone(undefined)))

it('shows a page’s times in the new zone once the saved one arrives', async () => {
  renderApp(routes('sessions'), { url: '/sessions' })
  act(() => setViewerTimeZone('Asia/Tokyo'))
  expect((await screen.findByTestId('when')).textContent).toBe(formatWhen(AT, undefined, 'Asia/Tokyo'))
  act(() => setViewerTimeZone('America/New_York'))
  expect(screen.getByTestId('when').textContent).toBe(formatWhen(AT, undefined, 'America/New_York'))
})

it('leaves Settings in place, its field focused, when the zone chosen there is saved', async () => {
  renderApp(routes('settings'), { url: '/settings' })
  const field = await screen.findByLabelText('Time zone')
  field.focus()
  act(() => setViewerTimeZone('Asia/Tokyo'))
  expect(screen.getByLabelText('Time zone')).toBe(field)
  expect(document.activeElement).toBe(field)
})
