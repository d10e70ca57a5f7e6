// Storage faults are recognised, reported to the shared status, and a write
// that was not stored never resolves as if it had been.
import { afterEach, describe, expect, it } from 'vitest'
import { classifyStorageError, StorageFaultError, storageWrite } from './storage-faults'
import { clearStorageFault, getStorageFault, reportStorageFault, STORAGE_FAULT_MESSAGES } from './storage-status'

function named(name: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(name), { name }, extra)
}

afterEach(() => clearStorageFault())

describe('classifyStorageError', () => {
  it('recognises quota in every shape browsers report it', () => {
    expect(classifyStorageError(new DOMException('full', 'QuotaExceededError'))).toBe('quota')
    // Dexie wraps it: Dexie.QuotaExceededError, or Chrome's transaction AbortError with the cause inside.
    expect(classifyStorageError(named('QuotaExceededError'))).toBe('quota')
    expect(classifyStorageError(named('AbortError', { inner: new DOMException('full', 'QuotaExceededError') }))).toBe(
      'quota',
    )
    expect(classifyStorageError(named('AbortError', { inner: named('QuotaExceededError') }))).toBe('quota')
  })

  it('tells a closed database, an upgrade and an unknown fault apart', () => {
    expect(classifyStorageError(named('DatabaseClosedError'))).toBe('closed')
    expect(classifyStorageError(named('VersionChangeError'))).toBe('versionchange')
    expect(classifyStorageError(named('AbortError'))).toBe('unknown')
    expect(classifyStorageError(new StorageFaultError('timeout'))).toBe('timeout')
  })
})

describe('storageWrite', () => {
  it('resolves with the value of a stored write', async () => {
    await expect(storageWrite(() => Promise.resolve(42))).resolves.toBe(42)
    expect(getStorageFault()).toBeNull()
  })

  it('rejects a write that hit the quota and reports it', async () => {
    const quota = named('AbortError', { inner: new DOMException('full', 'QuotaExceededError') })
    const error = await storageWrite(() => Promise.reject(quota)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StorageFaultError)
    expect((error as StorageFaultError).kind).toBe('quota')
    expect((error as StorageFaultError).message).toBe(STORAGE_FAULT_MESSAGES.quota)
    expect(getStorageFault()?.kind).toBe('quota')
  })

  it('gives up on a write whose promise never settles (Chrome after a quota abort)', async () => {
    const never = new Promise<void>(() => {})
    const error = await storageWrite(() => never, 30).catch((e: unknown) => e)
    expect((error as StorageFaultError).kind).toBe('timeout')
    expect(getStorageFault()?.kind).toBe('timeout')
  })

  it('rejects when the write function itself throws', async () => {
    const error = await storageWrite(() => {
      throw named('DatabaseClosedError')
    }).catch((e: unknown) => e)
    expect((error as StorageFaultError).kind).toBe('closed')
  })

  it('clears a passing fault once a write succeeds again, but not one that needs a reload', async () => {
    reportStorageFault('quota')
    await storageWrite(() => Promise.resolve())
    expect(getStorageFault()).toBeNull()

    reportStorageFault('versionchange')
    await storageWrite(() => Promise.resolve())
    expect(getStorageFault()?.kind).toBe('versionchange')
  })

  it('keeps the versionchange message when the close it causes is reported after it', () => {
    reportStorageFault('versionchange')
    reportStorageFault('closed')
    reportStorageFault('quota')
    expect(getStorageFault()?.kind).toBe('versionchange')
  })
})
