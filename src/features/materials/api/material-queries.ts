// Study materials (docs/product.md#api-calls): the tutor's own, the admin's pending and paged
// lists, and a student's (approved materials of sessions whose booking is
// approved). The server decides who may see what; these only ask.
//
// A student's lists are device-backed (src/shared/offline/device-backed-query.ts),
// like the approved sessions: when the server cannot be reached at all and
// the cache has nothing for the list, they answer with the materials kept on
// this device for that student (../offline), so My Study Materials and a
// booked session's materials still open on the train. Whether a list on
// screen is the server's current answer is read from the query's state
// (servedOffline), never from which array it is: structural sharing hands a
// screen a new array whenever the cache already held data.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Material } from '#contract/entities'
import { api, apiPage } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { deviceBacked, type DeviceStore } from '#shared/offline/device-backed-query'
import { backedByKeptAnswer } from '#shared/offline/kept-answer-query'

// The kept materials bring Dexie: loaded on demand.
const keptStore = () => import('../offline/kept-materials-store')

/**
 * The student's kept materials (of one session, with `sessionId`) as the
 * device's copy of their list. Each server answer refreshes the records of
 * the materials already kept (a renamed material reads the same offline);
 * which files are kept is the screens' auto-keep policy
 * (../offline/kept-material-queries.ts), since keeping means downloading.
 */
export function keptMaterialsOf(email: string, sessionId?: string): DeviceStore<Material[]> {
  return {
    save: async (materials) => (await keptStore()).refreshKeptRecords(email, materials),
    read: async () => (email ? (await keptStore()).readOfflineAnswer(email, sessionId) : undefined),
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
  forStudent: (email: string) =>
    queryOptions({
      queryKey: queryKeys.materials.ofStudent(email),
      ...deviceBacked(async ({ signal }): Promise<Material[]> => {
        // One call: the server answers a student the approved materials of their approved bookings.
        const materials = await api('listApprovedMaterials', { signal })
        return materials.filter((m) => m.status === 'approved')
      }, keptMaterialsOf(email)),
      enabled: Boolean(email),
    }),
}
