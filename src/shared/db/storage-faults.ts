// How a failed IndexedDB operation is recognised and reported. Chrome reports
// a full disk as a transaction AbortError whose inner error is the quota
// error, and the operation's own promise may then never settle (Dexie#840):
// every write goes through `storageWrite`, which gives up after a timeout, so
// no caller can wait forever or show "saved" for a write that was not stored.
// No storage library is imported here; errors are recognised by name.
import { clearStorageFault, reportStorageFault, STORAGE_FAULT_MESSAGES, type StorageFaultKind } from './storage-status'

export const STORAGE_WRITE_TIMEOUT_MS = 8_000

/** A write that was not stored, with the reason to show. */
export class StorageFaultError extends Error {
  readonly kind: StorageFaultKind
  override readonly cause: unknown
  constructor(kind: StorageFaultKind, cause?: unknown) {
    super(STORAGE_FAULT_MESSAGES[kind])
    this.name = 'StorageFaultError'
    this.kind = kind
    this.cause = cause
  }
}

interface NamedError {
  name?: unknown
  message?: unknown
  inner?: unknown
  cause?: unknown
}

function errorName(error: unknown): string {
  const name = (error as NamedError | null)?.name
  return typeof name === 'string' ? name : ''
}

function isQuota(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false
  const e = error as NamedError
  const name = errorName(error)
  // DOMException code 22 is QUOTA_EXCEEDED_ERR; Firefox used its own name.
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true
  if ((error as { code?: unknown }).code === 22) return true
  return isQuota(e.inner, depth + 1) || isQuota(e.cause, depth + 1)
}

export function classifyStorageError(error: unknown): StorageFaultKind {
  if (error instanceof StorageFaultError) return error.kind
  if (isQuota(error)) return 'quota'
  switch (errorName(error)) {
    case 'DatabaseClosedError':
    case 'InvalidStateError':
    case 'UnknownError':
      return 'closed'
    case 'VersionChangeError':
    case 'VersionError':
      return 'versionchange'
    case 'TimeoutError':
      return 'timeout'
    default:
      return 'unknown'
  }
}

function withTimeout<T>(operation: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StorageFaultError('timeout')), ms)
    operation.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

/**
 * Runs a storage write. Resolves only once the write is stored; otherwise
 * reports the fault to the shared status (the layout shows it) and rejects
 * with a StorageFaultError whose message says what happened.
 */
export async function storageWrite<T>(write: () => Promise<T>, timeoutMs = STORAGE_WRITE_TIMEOUT_MS): Promise<T> {
  try {
    const value = await withTimeout(Promise.resolve().then(write), timeoutMs)
    // Storage works again: a passing fault (quota, timeout) is over.
    clearStorageFault('quota')
    clearStorageFault('timeout')
    clearStorageFault('unknown')
    return value
  } catch (error) {
    const kind = classifyStorageError(error)
    reportStorageFault(kind)
    throw error instanceof StorageFaultError ? error : new StorageFaultError(kind, error)
  }
}

/** A read that must not hang a screen: gives up after the timeout, reports nothing. */
export function storageRead<T>(read: () => Promise<T>, timeoutMs = STORAGE_WRITE_TIMEOUT_MS): Promise<T> {
  return withTimeout(Promise.resolve().then(read), timeoutMs)
}
