// The app database reports another tab's upgrade, a blocked upgrade and a
// lost connection, and refuses writes it can no longer store.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { closeAppDb, createAppDb, type AppDb } from './app-db'
import { saveKeptAnswer } from './kept-answers'
import { StorageFaultError } from './storage-faults'
import { clearStorageFault, getStorageFault } from './storage-status'

/** Keeps one answer, as any device-backed query does. */
const keep = (key: string, db: AppDb) => saveKeptAnswer(key, 'sam@example.com', [key], Date.now(), db)

let counter = 0
const opened: AppDb[] = []

function freshDb(): AppDb {
  const db = createAppDb(`studyhub-test-${Date.now()}-${counter++}`)
  opened.push(db)
  return db
}

function openRaw(name: string, version: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('open failed'))
  })
}

afterEach(() => {
  for (const db of opened.splice(0)) closeAppDb(db)
  clearStorageFault()
})

describe('app database faults', () => {
  it('closes and asks for a reload when another tab opens a newer version', async () => {
    const db = freshDb()
    await keep('a', db)

    // Another tab with a newer build upgrades the same database.
    const other = await openRaw(db.name, 1000)
    other.close()

    expect(getStorageFault()?.kind).toBe('versionchange')
    expect(db.isOpen()).toBe(false)
    // Nothing is claimed saved once the connection is gone.
    const error = await keep('b', db).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StorageFaultError)
    expect(getStorageFault()?.kind).toBe('versionchange')
  })

  it('reports an upgrade blocked by a connection that stays open', async () => {
    // Dexie also warns about the blocked upgrade; this test expects it.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const name = `studyhub-test-blocked-${counter++}`
    const old = await openRaw(name, 1)
    const db = createAppDb(name)
    opened.push(db)
    const opening = db.open()
    await expect.poll(() => getStorageFault()?.kind).toBe('blocked')
    old.close()
    await opening
    expect(db.isOpen()).toBe(true)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('blocked'))
  })

  it('reports a connection the browser closed, and stores again after Dexie reopens', async () => {
    const db = freshDb()
    await keep('a', db)
    const idb = db.backendDB()
    idb.onclose?.call(idb, new Event('close'))

    expect(getStorageFault()?.kind).toBe('closed')
    await keep('b', db)
    expect(await db.keptAnswers.get('b')).toBeDefined()
  })

  it('does not report a close the app asked for', async () => {
    const db = freshDb()
    await db.open()
    closeAppDb(db)
    expect(getStorageFault()).toBeNull()
  })
})
