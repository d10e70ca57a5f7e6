// The app database reports another tab's upgrade, a blocked upgrade and a
// lost connection, and refuses writes it can no longer store.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { closeAppDb, createAppDb, type AppDb } from './app-db'
import { saveSession } from './approved-sessions'
import { StorageFaultError } from './storage-faults'
import { clearStorageFault, getStorageFault } from './storage-status'
import { sessionFixture as session } from '../testing/session-fixture'
import { storeInV3 } from './testing/app-db-v3'

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
    await saveSession(session('a'), Date.now(), db)

    // Another tab with a newer build upgrades the same database.
    const other = await openRaw(db.name, 1000)
    other.close()

    expect(getStorageFault()?.kind).toBe('versionchange')
    expect(db.isOpen()).toBe(false)
    // Nothing is claimed saved once the connection is gone.
    const error = await saveSession(session('b'), Date.now(), db).catch((e: unknown) => e)
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
    await saveSession(session('a'), Date.now(), db)
    const idb = db.backendDB()
    idb.onclose?.call(idb, new Event('close'))

    expect(getStorageFault()?.kind).toBe('closed')
    await saveSession(session('b'), Date.now(), db)
    expect(await db.sessions.get('b')).toBeDefined()
  })

  it('does not report a close the app asked for', async () => {
    const db = freshDb()
    await db.open()
    closeAppDb(db)
    expect(getStorageFault()).toBeNull()
  })
})

describe('the upgrade to one outbox for every kind (version 4)', () => {
  it('makes the writes queued before it note entries, in the same order, and finds cancels by booking', async () => {
    const name = `studyhub-test-v3-${counter++}`
    const write = (noteId: string, op: 'create' | 'update') => ({
      email: 'sam@example.com',
      noteId,
      op,
      body: { title: noteId },
      idempotencyKey: `key-${noteId}-${op}`,
      createdAt: 1,
      attempts: op === 'update' ? 1 : 0,
    })
    await storeInV3(name, [], [write('a', 'create'), write('b', 'update'), write('a', 'update')])
    const db = createAppDb(name)
    opened.push(db)

    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((e) => [e.seq, e.kind, e.kind === 'note' && `${e.noteId} ${e.op}`, e.idempotencyKey])).toEqual([
      [1, 'note', 'a create', 'key-a-create'],
      [2, 'note', 'b update', 'key-b-update'],
      [3, 'note', 'a update', 'key-a-update'],
    ])
    expect(entries[1]).toMatchObject({ attempts: 1 })

    await db.outbox.add({
      kind: 'booking-cancel',
      email: 'sam@example.com',
      bookingId: 'bk1',
      idempotencyKey: 'key-cancel',
      createdAt: 2,
      attempts: 0,
    })
    expect(await db.outbox.where('bookingId').equals('bk1').toArray()).toMatchObject([{ seq: 4 }])
    expect(await db.outbox.where('noteId').equals('a').count()).toBe(2)
  })
})
