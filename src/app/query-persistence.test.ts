// The saved first-paint state never outlives the user it belongs to: writes
// are throttled, so each case lets the throttle come due after the change.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SignedInUser } from '#features/auth/user-query'
import { LOCAL_KEYS } from '#shared/storage/browser-storage'

const SAVED = LOCAL_KEYS.queryCache

const THROTTLE_MS = 1000

const user = (email: string): SignedInUser => ({
  uid: email,
  email,
  displayName: null,
  photoURL: null,
  role: 'student',
})

/** The module starts persisting when imported: a fresh copy per test, under fake timers. */
async function load() {
  vi.resetModules()
  const persistence = await import('./query-persistence')
  const signedIn = await import('./signed-in-user')
  return { ...persistence, ...signedIn }
}

function saved(): unknown {
  const text = localStorage.getItem(SAVED)
  return text ? JSON.parse(text) : null
}

describe('the saved first-paint state', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    localStorage.clear()
  })

  it('is written for the signed-in user', async () => {
    const { publishSession } = await load()
    publishSession(user('a@school.edu'))
    await vi.advanceTimersByTimeAsync(THROTTLE_MS * 2)
    expect(saved()).toMatchObject({ owner: 'a@school.edu' })
  })

  it('is never written again after a log out, not even the signed-out state', async () => {
    const { publishSession, signedOut } = await load()
    publishSession(user('a@school.edu'))
    await vi.advanceTimersByTimeAsync(THROTTLE_MS * 2)
    expect(saved()).not.toBeNull()

    // A change of A's data puts a write in the throttle, then the log out
    // clears the device and publishes nobody (the order the session uses).
    publishSession({ ...user('a@school.edu'), displayName: 'A' })
    signedOut()
    publishSession(null)
    await vi.advanceTimersByTimeAsync(THROTTLE_MS * 3)
    expect(saved()).toBeNull()
  })
})
