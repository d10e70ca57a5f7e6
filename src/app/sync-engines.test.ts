// The outbox engine (notes' writes, bookings' cancels) follows who is signed in (the ['auth','user'] entry),
// not the auth feature: started for the signed-in email, stopped when nobody
// is, flushed again each time the entry is written anew (a fresh token). Its
// code loads on demand: a stop while it loads keeps it from starting.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authKeys, type SignedInUser } from '#features/auth/user-query'

const outbox = vi.hoisted(() => ({ startOutbox: vi.fn(), stopOutbox: vi.fn() }))

/** A fresh copy of the engines, whose engine code finishes loading when `loaded` does. */
async function loadEngines(loaded: Promise<void> = Promise.resolve()) {
  vi.resetModules()
  vi.doMock('./outbox-engine', async () => {
    await loaded
    return outbox
  })
  return import('./sync-engines')
}

const user = (email: string): SignedInUser => ({
  uid: `uid-${email}`,
  email,
  displayName: null,
  photoURL: null,
  role: 'student',
})

afterEach(() => {
  vi.clearAllMocks()
  vi.doUnmock('./outbox-engine')
})

describe('the app-level sync engines', () => {
  it('start for the signed-in email, flush on every new write of the entry, stop when nobody is signed in', async () => {
    const { startSyncEngines } = await loadEngines()
    const client = new QueryClient()
    // Not known yet: nothing starts (the first start below is the only one for sam).
    const stop = startSyncEngines(client)

    client.setQueryData(authKeys.user, user('sam@example.com'))
    await vi.waitFor(() => expect(outbox.startOutbox).toHaveBeenCalledWith('sam@example.com', client))
    expect(outbox.startOutbox).toHaveBeenCalledTimes(1)

    // The same user written anew (a renewed token), at a later time: asked to send again.
    const written = client.getQueryState(authKeys.user)!.dataUpdatedAt
    client.setQueryData(authKeys.user, user('sam@example.com'), { updatedAt: written + 1 })
    await vi.waitFor(() => expect(outbox.startOutbox).toHaveBeenCalledTimes(2))

    client.setQueryData(authKeys.user, null)
    await vi.waitFor(() => expect(outbox.stopOutbox).toHaveBeenCalled())

    client.setQueryData(authKeys.user, user('tess@example.com'))
    await vi.waitFor(() => expect(outbox.startOutbox).toHaveBeenLastCalledWith('tess@example.com', client))
    expect(outbox.startOutbox).toHaveBeenCalledTimes(3)
    stop()
    expect(outbox.stopOutbox).toHaveBeenCalledTimes(2)
  })

  it('a stop while the engine is loading keeps it from starting', async () => {
    let finishLoading!: () => void
    const { startSyncEngines, stopSyncEngines } = await loadEngines(new Promise((resolve) => (finishLoading = resolve)))
    const client = new QueryClient()
    client.setQueryData(authKeys.user, user('sam@example.com'))
    const stop = startSyncEngines(client)
    // Logging out while the engine's code is still loading; someone else signs in after.
    stopSyncEngines()
    client.setQueryData(authKeys.user, user('tess@example.com'))
    finishLoading()

    // Both waited for the same load, sam's first: by the time tess's engine starts, sam's load has ended.
    await vi.waitFor(() => expect(outbox.startOutbox).toHaveBeenCalledWith('tess@example.com', client))
    expect(outbox.startOutbox).toHaveBeenCalledTimes(1)
    stop()
  })
})
