// Keeping booked sessions' materials on the device: files fetched from the
// demo server, checked like the viewer checks them, stored with their size,
// scoped by the student's email, removable, and read back offline.
import { QueryClient } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import type { Material } from '#contract/entities'
import { appDb as sharedDb } from '#shared/db/app-db'
import type { MaterialsDb } from '../db/material-tables'

const appDb = sharedDb as MaterialsDb
import { StorageFaultError } from '#shared/db/storage-faults'
import { clearStorageFault, getStorageFault } from '#shared/db/storage-status'
import { bookedMaterialQueries } from '../api/booked-material-queries'
import { materialQueries } from '../api/material-queries'
import { deviceWritesSettled, servedOffline } from '#shared/offline/device-backed-query'
import { AUTO_KEEP_MAX_FILE_BYTES, keepMaterial, planAutoKeep, syncKeptMaterials } from './keep-materials'
import {
  clearOfflineMaterials,
  readKeptFile,
  readKeptMaterials,
  readOfflineAnswer,
  removeAllKeptFiles,
  removeKeptFile,
  saveKeptMaterial,
} from './kept-materials-store'

const STUDENT = 'student@studyhub.demo'
const OTHER = 'other.student@example.com'

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } })
}

function stubPersist() {
  const storage = {
    persisted: vi.fn(() => Promise.resolve(false)),
    persist: vi.fn(() => Promise.resolve(true)),
    estimate: vi.fn(() => Promise.resolve({ usage: 0, quota: 1e9 })),
  }
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true })
  return storage
}

/** The demo student's approved materials, as the server lists them. */
async function studentMaterials(): Promise<Material[]> {
  return client().fetchQuery(materialQueries.forStudent(STUDENT))
}

function serverDown() {
  server.use(http.all('*/api/*', () => HttpResponse.error()))
}

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(STUDENT)
  await clearOfflineMaterials()
  // The lists an earlier test kept (once its page went idle).
  await deviceWritesSettled()
  await appDb.keptAnswers.clear()
})

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage')
  clearStorageFault()
})

describe('keeping files', () => {
  it('keeps each approved file with its verified type and size, and asks for persistent storage', async () => {
    const storage = stubPersist()
    const materials = await studentMaterials()
    const pdf = materials.find((m) => m.fileType === 'application/pdf')
    expect(pdf, 'the seed gives the demo student an approved PDF').toBeTruthy()

    const failed = await syncKeptMaterials(STUDENT, materials)
    expect(failed.size).toBe(0)
    const kept = await readKeptMaterials(STUDENT)
    expect(kept.files.map((f) => f.materialId).sort()).toEqual(materials.map((m) => m._id).sort())
    for (const material of materials) {
      const file = await readKeptFile(STUDENT, material._id)
      expect(file?.size).toBe(material.fileSize)
      expect(file?.blob.size).toBe(material.fileSize)
    }
    const file = await readKeptFile(STUDENT, pdf!._id)
    expect(file?.type).toBe('application/pdf')
    expect(new TextDecoder().decode((await file!.blob.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
    expect(storage.persist).toHaveBeenCalledTimes(1)
  })

  it('refuses a file served as another type than its record declares', async () => {
    const [material] = await studentMaterials()
    server.use(
      http.get(
        '*/api/files/:id',
        () => new HttpResponse('<script>alert(1)</script>', { headers: { 'Content-Type': 'text/html' } }),
      ),
    )
    await expect(keepMaterial(STUDENT, { ...material!, fileType: 'application/pdf' })).rejects.toThrow(
      'The file was served as text/html.',
    )
    expect((await readKeptMaterials(STUDENT)).files).toHaveLength(0)
  })

  it('never keeps a download-only type or a file on another origin', () => {
    const base = { fileSize: 10 } as const
    const plan = planAutoKeep(
      [
        { _id: 'a', fileUrl: '/api/files/a', fileType: 'text/html', ...base } as Material,
        { _id: 'b', fileUrl: 'https://elsewhere.example/b.pdf', fileType: 'application/pdf', ...base } as Material,
        {
          _id: 'c',
          fileUrl: '/api/files/c',
          fileType: 'application/pdf',
          fileSize: AUTO_KEEP_MAX_FILE_BYTES + 1,
        } as Material,
        { _id: 'd', fileUrl: '/api/files/d', fileType: 'application/pdf', ...base } as Material,
      ],
      { records: [], files: [] },
    )
    expect(plan.map((m) => m._id)).toEqual(['d'])
  })

  it('reports a full disk and never stores the file', async () => {
    const [material] = await studentMaterials()
    vi.spyOn(appDb.materialFiles, 'put').mockRejectedValue(
      Object.assign(new Error('Transaction aborted'), {
        name: 'AbortError',
        inner: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
      }),
    )
    await expect(keepMaterial(STUDENT, material!)).rejects.toBeInstanceOf(StorageFaultError)
    expect(getStorageFault()?.kind).toBe('quota')
    vi.mocked(appDb.materialFiles.put).mockRestore()
    const kept = await readKeptMaterials(STUDENT)
    expect(kept.files).toHaveLength(0)
    expect(kept.records).toHaveLength(0)
  })
})

describe('removing files', () => {
  it('removes one file, remembers it is not to be kept again, and removes all', async () => {
    const materials = await studentMaterials()
    expect(materials.length).toBeGreaterThan(1)
    await syncKeptMaterials(STUDENT, materials)
    const [first, ...rest] = materials
    await removeKeptFile(STUDENT, first!._id)
    expect(await readKeptFile(STUDENT, first!._id)).toBeUndefined()
    // The next visit online does not download it again.
    await syncKeptMaterials(STUDENT, materials)
    const kept = await readKeptMaterials(STUDENT)
    expect(kept.files.map((f) => f.materialId).sort()).toEqual(rest.map((m) => m._id).sort())
    // Kept again by hand.
    await keepMaterial(STUDENT, first!)
    expect((await readKeptFile(STUDENT, first!._id))?.size).toBe(first!.fileSize)

    await removeAllKeptFiles(STUDENT)
    expect((await readKeptMaterials(STUDENT)).files).toHaveLength(0)
    expect((await readOfflineAnswer(STUDENT)).data).toEqual([])
  })

  it('forgets materials the server no longer lists', async () => {
    const materials = await studentMaterials()
    await syncKeptMaterials(STUDENT, materials)
    await syncKeptMaterials(STUDENT, materials.slice(1))
    expect((await readKeptMaterials(STUDENT)).records.map((r) => r._id)).not.toContain(materials[0]!._id)
  })

  it('clears every kept material at logout', async () => {
    await syncKeptMaterials(STUDENT, await studentMaterials())
    await clearOfflineMaterials()
    expect(await appDb.materials.count()).toBe(0)
    expect(await appDb.materialFiles.count()).toBe(0)
  })
})

describe('email scoping', () => {
  it('never gives one student the files another kept', async () => {
    const materials = await studentMaterials()
    await syncKeptMaterials(STUDENT, materials)
    expect((await readKeptMaterials(OTHER)).files).toHaveLength(0)
    expect(await readKeptFile(OTHER, materials[0]!._id)).toBeUndefined()
    expect((await readOfflineAnswer(OTHER)).data).toEqual([])
    // Another student's removal does not touch them.
    await removeKeptFile(OTHER, materials[0]!._id)
    await removeAllKeptFiles(OTHER)
    expect((await readKeptMaterials(STUDENT)).files).toHaveLength(materials.length)
  })

  it('a later student keeping the same material takes it over', async () => {
    const [material] = await studentMaterials()
    const blob = new Blob(['hello'], { type: 'text/plain' })
    await saveKeptMaterial(STUDENT, material!, { blob, type: 'text/plain' })
    await saveKeptMaterial(OTHER, material!, { blob, type: 'text/plain' })
    expect(await readKeptFile(STUDENT, material!._id)).toBeUndefined()
    expect((await readKeptFile(OTHER, material!._id))?.size).toBe(5)
  })
})

/**
 * Fetches once with the server out of reach (these clients do not retry):
 * what the list then shows, and whether its state says it is not the server's.
 */
async function fetchUnanswered(c: QueryClient, options: ReturnType<typeof materialQueries.forStudent>) {
  await expect(c.fetchQuery({ ...options, staleTime: 0 })).rejects.toMatchObject({ isNetworkError: true })
  const state = c.getQueryState(options.queryKey)!
  const outcome = { data: state.data, error: state.error, failureReason: state.fetchFailureReason }
  return { list: state.data ?? [], offline: servedOffline(outcome, true) }
}

describe('the offline read path', () => {
  it('answers My Study Materials and a session’s materials from the device when the server is out of reach', async () => {
    const materials = await studentMaterials()
    await syncKeptMaterials(STUDENT, materials)
    serverDown()
    const offline = await fetchUnanswered(client(), materialQueries.forStudent(STUDENT))
    expect(offline.offline).toBe(true)
    expect(offline.list.map((m) => m._id).sort()).toEqual(materials.map((m) => m._id).sort())
    expect(offline.list[0]).not.toHaveProperty('email')

    const sessionId = materials[0]!.sessionId
    const forSession = await fetchUnanswered(client(), bookedMaterialQueries.forSession(sessionId, STUDENT))
    expect(forSession.offline).toBe(true)
    expect(forSession.list.map((m) => m._id)).toEqual(
      materials.filter((m) => m.sessionId === sessionId).map((m) => m._id),
    )

    // Another student signed in on this device sees none of them.
    expect((await fetchUnanswered(client(), materialQueries.forStudent(OTHER))).list).toEqual([])
  })

  it('answers with the whole list as it was last seen online, its files kept or not', async () => {
    const online = await studentMaterials()
    await deviceWritesSettled()
    serverDown()
    const offline = await fetchUnanswered(client(), materialQueries.forStudent(STUDENT))
    expect(offline.offline).toBe(true)
    expect(offline.list).toEqual(online)
    // Nothing was downloaded: each card says so, the list is still what the student saw.
    expect((await readKeptMaterials(STUDENT)).files).toEqual([])
  })

  it('says the list is not the server’s on a warm cache too, whatever array the cache holds', async () => {
    const warm = client()
    const online = await warm.fetchQuery(materialQueries.forStudent(STUDENT))
    const state = () => warm.getQueryState(materialQueries.forStudent(STUDENT).queryKey)!
    expect(servedOffline({ data: online, error: state().error, failureReason: state().fetchFailureReason }, true)).toBe(
      false,
    )
    serverDown()
    const offline = await fetchUnanswered(warm, materialQueries.forStudent(STUDENT))
    // The cache keeps the last server answer (not the device's), and its state says the server did not answer.
    expect(offline.list).toEqual(online)
    expect(offline.offline).toBe(true)
  })

  it('still shows a server error as an error', async () => {
    server.use(http.get('*/api/materials/approved', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })))
    await expect(client().fetchQuery(materialQueries.forStudent(STUDENT))).rejects.toMatchObject({ status: 500 })
  })
})
