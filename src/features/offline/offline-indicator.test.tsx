// The layout's offline notice and storage-fault message.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatDateTime } from '#shared/format/date'
import { clearStorageFault, reportStorageFault, STORAGE_FAULT_MESSAGES } from '#shared/db/storage-status'
import { ApiError } from '#shared/api/api-error'
import { DEVICE_BACKED_META } from '#shared/offline/device-backed-query'
import { useOwnOfflineNotice } from '#shared/offline/own-offline-notice'
import { OfflineIndicator } from './offline-indicator'

const SAVED_AT = Date.parse('2026-03-01T10:00:00.000Z')

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

/** A screen showing a device-backed query (whose server does not answer, should it ask again). */
function Screen() {
  useQuery({
    queryKey: ['sessions', 'home'],
    queryFn: () => Promise.reject(new ApiError('Network error', 0)),
    retry: false,
    meta: DEVICE_BACKED_META,
    staleTime: Infinity,
  })
  return null
}

/** A part of the screen that says in its own words that it shows what the device kept. */
function OwnNotice() {
  useOwnOfflineNotice(true)
  return <p>Showing the notes saved on this device.</p>
}

async function renderLayout({
  withData,
  unreachable = false,
  ownNotice = false,
}: {
  withData: boolean
  unreachable?: boolean
  ownNotice?: boolean
}) {
  const client = new QueryClient()
  if (withData) {
    client.setQueryData(['sessions', 'home'], { items: [] }, { updatedAt: SAVED_AT })
    if (unreachable) {
      // The last fetch got no answer at all: the data stays, the failure is in the query's state.
      await client
        .fetchQuery({
          queryKey: ['sessions', 'home'],
          queryFn: () => Promise.reject(new ApiError('Network error', 0)),
          retry: false,
          staleTime: 0,
        })
        .catch(() => undefined)
    }
  }
  return render(
    <QueryClientProvider client={client}>
      <OfflineIndicator />
      {withData && <Screen />}
      {ownNotice && <OwnNotice />}
    </QueryClientProvider>,
  )
}

afterEach(() => clearStorageFault())

describe('OfflineIndicator', () => {
  it('says nothing while online with data from the server', async () => {
    setOnline(true)
    await renderLayout({ withData: true })
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('announces going offline with the age of the data on screen', async () => {
    setOnline(true)
    await renderLayout({ withData: true })
    setOnline(false)
    expect(screen.getByRole('status').textContent).toBe(`Offline — showing data from ${formatDateTime(SAVED_AT)}`)
    setOnline(true)
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('stays away while the screen says it in its own words: one offline message a screen', async () => {
    setOnline(true)
    const { unmount } = await renderLayout({ withData: true, ownNotice: true })
    setOnline(false)
    expect(screen.getByRole('status').textContent).toBe('')
    unmount()
    await renderLayout({ withData: true })
    expect(screen.getByRole('status').textContent).toBe(`Offline — showing data from ${formatDateTime(SAVED_AT)}`)
    setOnline(true)
  })

  it('says the server is unreachable when the last fetch got no answer while online', async () => {
    setOnline(true)
    await renderLayout({ withData: true, unreachable: true })
    expect(screen.getByRole('status').textContent).toBe(
      `Server unreachable — showing data from ${formatDateTime(SAVED_AT)}`,
    )
  })

  it('shows a storage fault as an alert that can be dismissed', async () => {
    setOnline(true)
    await renderLayout({ withData: false })
    act(() => reportStorageFault('quota'))
    expect(screen.getByRole('alert').textContent).toContain(STORAGE_FAULT_MESSAGES.quota)
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.getByRole('alert').textContent).toBe('')
  })

  it('offers a reload when another tab upgraded the database', async () => {
    setOnline(true)
    await renderLayout({ withData: false })
    act(() => reportStorageFault('versionchange'))
    expect(screen.getByRole('alert').textContent).toContain(STORAGE_FAULT_MESSAGES.versionchange)
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveProperty('disabled', false)
  })
})
