// Storage faults are recognised, reported to the shared status, and a write
// that was not stored never resolves as if it had been.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  classifyStorageError,
  StillSavingError,
  STORAGE_WRITE_TIMEOUT_MS,
  StorageFaultError,
  storageWrite,
  untilStored,
} from './storage-faults'
import { clearStorageFault, getStorageFault, reportStorageFault, STORAGE_FAULT_MESSAGES } from './storage-status'

function named(name: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(name), { name }, extra)
}

afterEach(() => {
  vi.useRealTimers()
  clearStorageFault()
})

/** A write that settles `ms` after it starts, as a slow storage transaction does. */
function slowWrite<T>(ms: number, outcome: () => T): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) =>
      setTimeout(() => {
        try {
          resolve(outcome())
        } catch (error) {
          reject(error as Error)
        }
      }, ms),
    )
}

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

  it('says "still saving" for a write that outlives the timeout, then "saved" when it commits', async () => {
    vi.useFakeTimers()
    const write = storageWrite(slowWrite(STORAGE_WRITE_TIMEOUT_MS + 1_000, () => 'stored'))
    const timedOut = write.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(STORAGE_WRITE_TIMEOUT_MS)
    const error = await timedOut
    expect(error).toBeInstanceOf(StillSavingError)
    expect(getStorageFault()?.message).toBe(STORAGE_FAULT_MESSAGES.timeout)
    expect(STORAGE_FAULT_MESSAGES.timeout).toContain('still being saved')

    await vi.advanceTimersByTimeAsync(1_000)
    await expect((error as StillSavingError<string>).settled).resolves.toBe('stored')
    expect(getStorageFault()).toBeNull()
  })

  it('says "not saved" with the real reason when a timed-out write fails after all', async () => {
    vi.useFakeTimers()
    const quota = named('AbortError', { inner: new DOMException('full', 'QuotaExceededError') })
    const write = storageWrite(
      slowWrite(STORAGE_WRITE_TIMEOUT_MS + 1_000, () => {
        throw quota
      }),
    )
    const timedOut = write.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(STORAGE_WRITE_TIMEOUT_MS)
    const settled = ((await timedOut) as StillSavingError).settled.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await settled).toMatchObject({ kind: 'quota' })
    expect(getStorageFault()?.kind).toBe('quota')
  })

  it('untilStored waits past the timeout and tells the caller it is slow', async () => {
    vi.useFakeTimers()
    const onSlow = vi.fn()
    const stored = untilStored(storageWrite(slowWrite(STORAGE_WRITE_TIMEOUT_MS + 500, () => 7)), onSlow)
    await vi.advanceTimersByTimeAsync(STORAGE_WRITE_TIMEOUT_MS)
    expect(onSlow).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(500)
    await expect(stored).resolves.toBe(7)
    // A fast write is never slow.
    await expect(
      untilStored(
        storageWrite(() => Promise.resolve(1)),
        onSlow,
      ),
    ).resolves.toBe(1)
    expect(onSlow).toHaveBeenCalledTimes(1)
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
