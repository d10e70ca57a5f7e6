// The one module for the browser's key-value storage: reads and writes by
// named key, storage that refuses (private mode, a full quota) never breaks
// the caller, a writer that makes room is told of a full quota, and a change
// made by another tab reaches this one.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOCAL_KEYS, TAB_KEYS, localStore, onLocalChange, tabStore } from './browser-storage'

afterEach(() => vi.restoreAllMocks())

describe('localStore and tabStore', () => {
  it('read, write and remove by named key, each in its own storage', () => {
    localStore.set(LOCAL_KEYS.theme, 'dark')
    tabStore.set(TAB_KEYS.installDismissed, '1')
    expect(localStorage.getItem('studyhub-theme')).toBe('dark')
    expect(sessionStorage.getItem('studyhub-install-dismissed')).toBe('1')
    expect(localStore.get(LOCAL_KEYS.theme)).toBe('dark')
    localStore.set(LOCAL_KEYS.theme, null)
    expect(localStore.get(LOCAL_KEYS.theme)).toBeNull()
    expect(tabStore.keys()).toEqual(['studyhub-install-dismissed'])
  })

  it('storage that refuses reads as empty and takes no write, without throwing', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(localStore.get(LOCAL_KEYS.accessToken)).toBeNull()
    expect(() => localStore.set(LOCAL_KEYS.accessToken, 'token')).not.toThrow()
    expect(() => tabStore.set(TAB_KEYS.installDismissed, '1')).not.toThrow()
    // A writer that can make room is told.
    expect(() => localStore.put(LOCAL_KEYS.queryCache, '{}')).toThrow('full')
  })
})

describe('onLocalChange', () => {
  it('tells of another tab’s write of the key (or a clear), with the value now stored, until stopped', () => {
    const seen: (string | null)[] = []
    const stop = onLocalChange(LOCAL_KEYS.signedIn, (value) => seen.push(value))
    localStorage.setItem(LOCAL_KEYS.signedIn, '1')
    window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_KEYS.signedIn, newValue: '1' }))
    window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_KEYS.theme, newValue: 'dark' }))
    window.dispatchEvent(new StorageEvent('storage', { key: null }))
    stop()
    window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_KEYS.signedIn, newValue: null }))
    expect(seen).toEqual(['1', '1'])
  })
})
