// Study materials (docs/product.md#api-calls): the tutor's own, the admin's pending and paged
// lists, and a student's (approved materials of sessions whose booking is
// approved). The server decides who may see what; these only ask.
//
// A student's lists are device-backed (src/shared/offline/device-backed-query.ts),
// like the approved sessions: when the server cannot be reached at all and
// the cache has nothing for the list, they answer with the list as this device
// last saw it, so My Study Materials and a booked session's materials still
// open on the train; each card then says whether its file is kept (../offline). Whether a list on
// screen is the server's current answer is read from the query's state
// (servedOffline), never from which array it is: structural sharing hands a
// screen a new array whenever the cache already held data.
import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query'
import type { Material } from '#contract/entities'
import { api, apiPage } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { deviceBacked, type DeviceStore } from '#shared/offline/device-backed-query'
import { backedByKeptAnswer, keptAnswer } from '#shared/offline/kept-answer-query'

// The kept materials bring Dexie: loaded on demand.
const keptStore = () => import('../offline/kept-materials-store')

/**
 * The device's copy of a student's list of materials (of one session, with
 * `sessionId`): the list as the server last gave it, kept whole, so what was
 * seen online opens offline; without one (kept by an older build), the kept
 * materials whose file is stored. Each server answer also refreshes the
 * records of the materials already kept (a renamed material reads the same
 * offline); which files are kept is the screens' auto-keep policy
 * (../offline/kept-material-queries.ts), since keeping means downloading.
 */
export function keptMaterialsOf(email: string, queryKey: QueryKey, sessionId?: string): DeviceStore<Material[]> {
  const list = keptAnswer<Material[]>(email, queryKey)
  return {
    save: async (materials, at) => {
      await Promise.all([list.save(materials, at), (await keptStore()).refreshKeptRecords(email, materials)])
    },
    read: async () =>
      email ? ((await list.read()) ?? (await keptStore()).readOfflineAnswer(email, sessionId)) : undefined,
  }
}

export const materialQueries = {
  /** A tutor's own uploads, kept as last fetched so they open offline. */
  byTutor: (email: string) => {
    const queryKey = queryKeys.materials.ofTutor(email)
    return queryOptions({
      queryKey,
      ...backedByKeptAnswer(email, queryKey, ({ signal }) => api('listTutorMaterials', { params: { email }, signal })),
      enabled: Boolean(email),
    })
  },
  pending: () =>
    queryOptions({
      queryKey: queryKeys.materials.pending(),
      queryFn: ({ signal }) => api('listPendingMaterials', { signal }),
    }),
  page: (page: number, limit: number) =>
    queryOptions({
      queryKey: queryKeys.materials.adminPage({ page, limit }),
      queryFn: ({ signal }) => apiPage('listMaterials', page, limit, { signal }),
      placeholderData: keepPreviousData,
    }),
  forStudent: (email: string) => {
    const queryKey = queryKeys.materials.ofStudent(email)
    return queryOptions({
      queryKey,
      ...deviceBacked(
        async ({ signal }): Promise<Material[]> => {
          // One call: the server answers a student the approved materials of their approved bookings.
          const materials = await api('listApprovedMaterials', { signal })
          return materials.filter((m) => m.status === 'approved')
        },
        keptMaterialsOf(email, queryKey),
      ),
      enabled: Boolean(email),
    })
  },
}
