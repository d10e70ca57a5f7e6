// Persistent storage is asked for once and reported with usage.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readStorageUsage, requestPersistentStorage } from './storage-persistence'

function stubStorage(persisted: boolean, grant: boolean) {
  const storage = {
    persisted: vi.fn(() => Promise.resolve(persisted)),
    persist: vi.fn(() => Promise.resolve(grant)),
    estimate: vi.fn(() => Promise.resolve({ usage: 1_234_567, quota: 2_000_000_000 })),
  }
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true })
  return storage
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage')
})

describe('storage persistence', () => {
  it('asks the browser once it is granted, and reports usage', async () => {
    const storage = stubStorage(false, true)
    expect(await requestPersistentStorage()).toBe(true)
    expect(await requestPersistentStorage()).toBe(true)
    expect(storage.persist).toHaveBeenCalledTimes(1)
    expect(await readStorageUsage()).toEqual({ usage: 1_234_567, quota: 2_000_000_000, persisted: false })
  })

  it('resolves false where the browser has no storage API', async () => {
    expect(await requestPersistentStorage()).toBe(false)
    expect(await readStorageUsage()).toBeNull()
  })
})
