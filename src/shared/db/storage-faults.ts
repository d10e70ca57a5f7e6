// How a failed IndexedDB operation is recognised and reported. Chrome reports
// a full disk as a transaction AbortError whose inner error is the quota
// error, and the operation's own promise may then never settle (Dexie#840):
// every write goes through `storageWrite`, which stops waiting after a timeout,
// so no caller waits forever or shows "saved" for a write that was not stored.
// A timed-out write is not a failed one: a slow transaction may still commit.
// It rejects with StillSavingError, whose `settled` is the write's real
// outcome, and screens say "still saving" until it settles (`untilStored`).
// No storage library is imported here; errors are recognised by name.
import { deviceTablesLoaded } from './device-tables'
import { clearStorageFault, reportStorageFault, STORAGE_FAULT_MESSAGES, type StorageFaultKind } from './storage-status'

export const STORAGE_WRITE_TIMEOUT_MS = 8_000
const STORAGE_READ_TIMEOUT_MESSAGE = 'On-device storage did not answer in time. Try again.'

/** A write that was not stored, with the reason to show. */
export class StorageFaultError extends Error {
  readonly kind: StorageFaultKind
  override readonly cause: unknown
  constructor(kind: StorageFaultKind, cause?: unknown, message: string = STORAGE_FAULT_MESSAGES[kind]) {
    super(message)
    this.name = 'StorageFaultError'
    this.kind = kind
    this.cause = cause
  }
}

/** The write did not settle in time but may still be stored: `settled` tells when it does. */
export class StillSavingError<T = unknown> extends StorageFaultError {
  readonly settled: Promise<T>
  constructor(settled: Promise<T>) {
    // Still named StorageFaultError: callers that stop on any storage fault stop on this one too.
    super('timeout')
    this.settled = settled
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

/** Settles as `operation` does, or rejects with `onTimeout()` after `ms` if it has not by then. */
function within<T>(operation: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms)
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
 * with a StorageFaultError whose message says what happened. A write still
 * running after `timeoutMs` rejects with StillSavingError; its `settled`
 * resolves if the write is stored after all (the fault is then cleared) and
 * rejects with the real fault if not.
 */
export function storageWrite<T>(write: () => Promise<T>, timeoutMs = STORAGE_WRITE_TIMEOUT_MS): Promise<T> {
  // The database's tables are declared once the features' declarations are in.
  const outcome = deviceTablesLoaded()
    .then(write)
    .then(
      (value) => {
        // Storage works again: a passing fault (quota, timeout) is over.
        clearStorageFault('quota')
        clearStorageFault('timeout')
        clearStorageFault('unknown')
        return value
      },
      (error: unknown) => {
        const kind = classifyStorageError(error)
        reportStorageFault(kind)
        throw error instanceof StorageFaultError ? error : new StorageFaultError(kind, error)
      },
    )
  return within(outcome, timeoutMs, () => {
    reportStorageFault('timeout')
    return new StillSavingError(outcome)
  })
}

/**
 * Waits for a write made through storageWrite until it settles, also past its
 * timeout: `onSlow` is called when it times out, so the screen can say the
 * change is still being saved instead of "not saved".
 */
export async function untilStored<T>(write: Promise<T>, onSlow: () => void): Promise<T> {
  try {
    return await write
  } catch (error) {
    if (!(error instanceof StillSavingError)) throw error
    onSlow()
    return (await error.settled) as T
  }
}

/** A read that must not hang a screen: gives up after the timeout, reports nothing. */
export function storageRead<T>(read: () => Promise<T>, timeoutMs = STORAGE_WRITE_TIMEOUT_MS): Promise<T> {
  return within(
    deviceTablesLoaded().then(read),
    timeoutMs,
    () => new StorageFaultError('timeout', undefined, STORAGE_READ_TIMEOUT_MESSAGE),
  )
}
