// The layout's offline notice and storage-fault message.
import { hashKey, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatDateTime } from '../../shared/format/date'
import { clearStorageFault, reportStorageFault, STORAGE_FAULT_MESSAGES } from '../../shared/db/storage-status'
import { markServedFromPhone } from './offline-data'
import { OfflineIndicator } from './offline-indicator'

const SAVED_AT = Date.parse('2026-03-01T10:00:00.000Z')

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

/** A screen showing an offline-capable query. */
function Screen() {
  useQuery({
    queryKey: ['sessions', 'home'],
    queryFn: () => Promise.resolve({ items: [] }),
    meta: { offline: 'sessions' },
    staleTime: Infinity,
  })
  return null
}

function renderLayout({ withData, fromPhone = false }: { withData: boolean; fromPhone?: boolean }) {
  const client = new QueryClient()
  if (withData) {
    const data = { items: [] }
    client.setQueryData(['sessions', 'home'], data, { updatedAt: SAVED_AT })
    if (fromPhone) markServedFromPhone(hashKey(['sessions', 'home']), data, SAVED_AT)
  }
  return render(
    <QueryClientProvider client={client}>
      <OfflineIndicator />
      {withData && <Screen />}
    </QueryClientProvider>,
  )
}

afterEach(() => clearStorageFault())

describe('OfflineIndicator', () => {
  it('says nothing while online with data from the server', () => {
    setOnline(true)
    renderLayout({ withData: true })
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('announces going offline with the age of the data on screen', () => {
    setOnline(true)
    renderLayout({ withData: true })
    setOnline(false)
    expect(screen.getByRole('status').textContent).toBe(`Offline — showing data from ${formatDateTime(SAVED_AT)}`)
    setOnline(true)
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('says the server is unreachable when the data came from the phone while online', () => {
    setOnline(true)
    renderLayout({ withData: true, fromPhone: true })
    expect(screen.getByRole('status').textContent).toBe(
      `Server unreachable — showing data from ${formatDateTime(SAVED_AT)}`,
    )
  })

  it('shows a storage fault as an alert that can be dismissed', async () => {
    setOnline(true)
    renderLayout({ withData: false })
    act(() => reportStorageFault('quota'))
    expect(screen.getByRole('alert').textContent).toContain(STORAGE_FAULT_MESSAGES.quota)
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.getByRole('alert').textContent).toBe('')
  })

  it('offers a reload when another tab upgraded the database', () => {
    setOnline(true)
    renderLayout({ withData: false })
    act(() => reportStorageFault('versionchange'))
    expect(screen.getByRole('alert').textContent).toContain(STORAGE_FAULT_MESSAGES.versionchange)
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveProperty('disabled', false)
  })
})
