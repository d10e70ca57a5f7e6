// The outbox engine (notes' writes, bookings' cancels) follows who is signed in (the ['auth','user'] entry),
// not the auth feature: started for the signed-in email, stopped when nobody
// is, flushed again each time the entry is written anew (a fresh token).
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authKeys, type SignedInUser } from '#features/auth/user-query'
import { startSyncEngines, stopSyncEngines } from './sync-engines'

const outbox = vi.hoisted(() => ({ startOutbox: vi.fn(), stopOutbox: vi.fn() }))
vi.mock('./outbox-engine', () => outbox)

const user = (email: string): SignedInUser => ({
  uid: `uid-${email}`,
  email,
  displayName: null,
  photoURL: null,
  role: 'student',
})

afterEach(() => {
  vi.clearAllMocks()
})

describe('the app-level sync engines', () => {
  it('start for the signed-in email, flush on every new write of the entry, stop when nobody is signed in', async () => {
    const client = new QueryClient()
    const stop = startSyncEngines(client)
    // Not known yet: nothing starts.
    await vi.waitFor(() => expect(outbox.startOutbox).not.toHaveBeenCalled())

    client.setQueryData(authKeys.user, user('sam@example.com'))
    await vi.waitFor(() => expect(outbox.startOutbox).toHaveBeenCalledWith('sam@example.com', client))

    // The same user written anew (a renewed token): asked to send again.
    await new Promise((resolve) => setTimeout(resolve, 2))
    client.setQueryData(authKeys.user, user('sam@example.com'))
    await vi.waitFor(() => expect(outbox.startOutbox).toHaveBeenCalledTimes(2))

    client.setQueryData(authKeys.user, null)
    await vi.waitFor(() => expect(outbox.stopOutbox).toHaveBeenCalled())

    client.setQueryData(authKeys.user, user('tess@example.com'))
    await vi.waitFor(() => expect(outbox.startOutbox).toHaveBeenLastCalledWith('tess@example.com', client))
    stop()
    expect(outbox.stopOutbox).toHaveBeenCalledTimes(2)
  })

  it('a stop while the engine is loading keeps it from starting', async () => {
    const client = new QueryClient()
    client.setQueryData(authKeys.user, user('sam@example.com'))
    const stop = startSyncEngines(client)
    stopSyncEngines()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(outbox.startOutbox).not.toHaveBeenCalled()
    stop()
  })
})
