// The app's side of logging out: the unsent-notes warning and the wipe of the
// notes outbox through the real device data (the AuthProvider as the app
// mounts it), and the pending-wipe marker a failed wipe leaves for the next start.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../tests/setup/msw-server'
import type { AuthGateway } from '#features/auth/auth-identity'
import { AuthProvider, useAuthActions, type AuthActions } from '#features/auth/auth-provider'
import { fakeGateway } from '#features/auth/testing/fake-gateway'
import { useUserState, type SignedInUser } from '#features/auth/user-query'
import { queueCancel } from '#features/bookings/offline/booking-cancel-outbox'
import { queueCreate } from '#features/notes/offline/note-outbox'
import { queueMark } from '#features/roster/offline/attendance-outbox'
import { resetApiGate } from '#shared/api/api-ready'
import type { MaterialsDb } from '#features/materials/db/material-tables'
import type { NotesDb } from '#features/notes/db/note-tables'
import type { ReviewsDb } from '#features/reviews/db/review-tables'
import { appDb as sharedDb } from '#shared/db/app-db'
import { FeedbackHost, resetFeedback } from '#shared/ui/feedback'
import type { Material } from '#contract/entities'
import { LOCAL_KEYS } from '#shared/storage/browser-storage'
import { confirmLogOut, deviceData, finishPendingWipe, pendingWipe } from './device-data'
import { finishWipe, wipeOrMark } from './device-wipe'

const appDb = sharedDb as NotesDb & MaterialsDb & ReviewsDb

const materialFixture: Material = {
  _id: 'm1',
  sessionId: 's1',
  title: 'Slides',
  description: '',
  tutorEmail: 'tutor@studyhub.demo',
  status: 'approved',
  fileUrl: '',
  createdAt: '2026-01-01T00:00:00.000Z',
}

function renderWithDevice(gateway: AuthGateway) {
  const ref: { user?: SignedInUser | null; actions?: AuthActions } = {}
  function Probe() {
    ref.user = useUserState()
    ref.actions = useAuthActions()
    return null
  }
  resetFeedback()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider loadGateway={async () => gateway} device={deviceData} confirmLogOut={confirmLogOut}>
        <Probe />
        <FeedbackHost />
      </AuthProvider>
    </QueryClientProvider>,
  )
  return ref
}

beforeEach(() => {
  resetApiGate(true)
  server.use(
    http.post('*/api/jwt', () => HttpResponse.json({ token: 'app-token' })),
    http.get('*/api/users/:email', ({ params }) =>
      HttpResponse.json({
        _id: 'u1',
        name: '',
        email: params.email,
        photo: '',
        role: 'student',
        created_at: '2026-01-01T00:00:00.000Z',
        last_log_in: '2026-01-01T00:00:00.000Z',
      }),
    ),
  )
})

afterEach(async () => {
  vi.restoreAllMocks()
  await appDb.outbox.clear()
  await appDb.notes.clear()
})

describe('log out with unsent note writes', () => {
  it('warns first; staying keeps everything, confirming clears the outbox and notes', async () => {
    // Offline: the sync engine must not send the queued write meanwhile.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const gateway = fakeGateway().gateway
    const session = renderWithDevice(gateway)
    await waitFor(() => expect(session.user).toBeNull())
    await act(() => session.actions!.signIn('sam@example.com', 'right-password'))
    await queueCreate('sam@example.com', { title: 'Unsent', description: 'Written offline' })
    const user = userEvent.setup()

    let first!: Promise<string>
    act(() => {
      first = session.actions!.logOut()
    })
    const warning = await screen.findByRole('alertdialog', { name: 'Log out with unsent notes?' })
    expect(warning.textContent).toContain('1 note change has not reached the server yet')
    await user.click(within(warning).getByRole('button', { name: 'Stay logged in' }))
    expect(await act(() => first)).toBe('stayed')
    expect(session.user?.email).toBe('sam@example.com')
    expect(gateway.signOut).not.toHaveBeenCalled()
    expect(await appDb.outbox.count()).toBe(1)

    let second!: Promise<string>
    act(() => {
      second = session.actions!.logOut()
    })
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Log out with unsent notes?' })).getByRole('button', {
        name: 'Log out anyway',
      }),
    )
    expect(await act(() => second)).toBe('logged-out')
    expect(session.user).toBeNull()
    expect(await appDb.outbox.count()).toBe(0)
    expect(await appDb.notes.count()).toBe(0)
    expect(pendingWipe()).toBeNull()
  })

  it('counts the bookings’ cancels made offline too, and says such a booking stays booked', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const gateway = fakeGateway().gateway
    const session = renderWithDevice(gateway)
    await waitFor(() => expect(session.user).toBeNull())
    await act(() => session.actions!.signIn('sam@example.com', 'right-password'))
    await queueCancel('sam@example.com', 'booking-1')
    const user = userEvent.setup()

    const ask = async (title: string) => {
      let done!: Promise<string>
      act(() => {
        done = session.actions!.logOut()
      })
      const warning = await screen.findByRole('alertdialog', { name: title })
      return { warning, done }
    }
    const first = await ask('Log out with unsent cancels?')
    expect(first.warning.textContent).toContain(
      '1 booking cancel has not reached the server yet. Logging out deletes it from this device, and a booking whose cancel was not sent stays booked.',
    )
    await user.click(within(first.warning).getByRole('button', { name: 'Stay logged in' }))
    expect(await act(() => first.done)).toBe('stayed')

    await queueCreate('sam@example.com', { title: 'Unsent', description: 'Written offline' })
    const second = await ask('Log out with unsent changes?')
    expect(second.warning.textContent).toContain('1 note change and 1 booking cancel have not reached the server yet.')
    await user.click(within(second.warning).getByRole('button', { name: 'Log out anyway' }))
    expect(await act(() => second.done)).toBe('logged-out')
    expect(await appDb.outbox.count()).toBe(0)
  })

  it('counts a tutor’s attendance marks made offline, and drops them at log out', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const session = renderWithDevice(fakeGateway().gateway)
    await waitFor(() => expect(session.user).toBeNull())
    await act(() => session.actions!.signIn('sam@example.com', 'right-password'))
    await queueMark('sam@example.com', 'booking-1', 'present')
    let done!: Promise<string>
    act(() => {
      done = session.actions!.logOut()
    })
    const warning = await screen.findByRole('alertdialog', { name: 'Log out with unsent attendance marks?' })
    expect(warning.textContent).toContain('1 attendance mark has not reached the server yet.')
    await userEvent.setup().click(within(warning).getByRole('button', { name: 'Log out anyway' }))
    expect(await act(() => done)).toBe('logged-out')
    expect(await appDb.outbox.count()).toBe(0)
  })

  it('a wipe the database refuses (closed by a newer tab) leaves the pending-wipe marker', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const session = renderWithDevice(fakeGateway().gateway)
    await waitFor(() => expect(session.user).toBeNull())
    await act(() => session.actions!.signIn('sam@example.com', 'right-password'))
    vi.spyOn(appDb, 'transaction').mockImplementation(() => {
      throw Object.assign(new Error('Database has been closed'), { name: 'DatabaseClosedError' })
    })
    let result: unknown
    await act(async () => {
      result = await session.actions!.logOut()
    })
    expect(result).toBe('wipe-pending')
    expect(session.user).toBeNull()
    expect(pendingWipe()).toBe('sam@example.com')
  })
})

describe('the pending-wipe marker', () => {
  afterEach(() => localStorage.removeItem(LOCAL_KEYS.pendingWipe))

  it('is removed by a wipe that succeeds and left by one that fails', async () => {
    await wipeOrMark('a@example.com', async () => undefined)
    expect(pendingWipe()).toBeNull()
    await expect(wipeOrMark('a@example.com', () => Promise.reject(new Error('blocked')))).rejects.toThrow('blocked')
    expect(pendingWipe()).toBe('a@example.com')
  })

  it('is written before the wipe starts (a tab closed mid-wipe leaves it)', async () => {
    let seen: string | null = null
    await wipeOrMark('a@example.com', async () => {
      seen = pendingWipe()
    })
    expect(seen).toBe('a@example.com')
  })

  it('the next start finishes the wipe for that email, once; a failure there keeps the marker', async () => {
    const wipe = vi.fn(async () => undefined)
    localStorage.setItem(LOCAL_KEYS.pendingWipe, 'a@example.com')
    vi.spyOn(console, 'log').mockImplementation(() => {})
    await finishWipe('a@example.com', () => Promise.reject(new Error('still blocked')))
    expect(pendingWipe()).toBe('a@example.com')

    await finishWipe('a@example.com', wipe)
    expect(wipe).toHaveBeenCalledWith('a@example.com')
    expect(pendingWipe()).toBeNull()
  })

  it('the start has every owner forget that user’s tables: notes, kept materials, approved sessions', async () => {
    await queueCreate('a@example.com', { title: 'Left behind', description: 'by a failed wipe' })
    await appDb.materials.put({ ...materialFixture, email: 'a@example.com', savedAt: 1 })
    await appDb.reviews.put({ sessionId: 's1', items: [], savedAt: 1 })
    localStorage.setItem(LOCAL_KEYS.pendingWipe, 'a@example.com')
    await finishPendingWipe()
    const left = await Promise.all([appDb.outbox, appDb.notes, appDb.materials, appDb.reviews].map((t) => t.count()))
    expect(left).toEqual([0, 0, 0, 0])
    expect(pendingWipe()).toBeNull()
  })

  it('one owner’s failure leaves the marker, and the others still forget theirs', async () => {
    await appDb.reviews.put({ sessionId: 's1', items: [], savedAt: 1 })
    vi.spyOn(console, 'log').mockImplementation(() => {})
    vi.spyOn(appDb.notes, 'filter').mockImplementation(() => {
      throw Object.assign(new Error('Transaction aborted'), { name: 'AbortError' })
    })
    localStorage.setItem(LOCAL_KEYS.pendingWipe, 'a@example.com')
    await finishPendingWipe()
    expect(pendingWipe()).toBe('a@example.com')
    expect(await appDb.reviews.count()).toBe(0)
  })
})
