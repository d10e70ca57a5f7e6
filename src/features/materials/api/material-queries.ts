// Study materials (docs/product.md#api-calls): the tutor's own, the admin's pending and paged
// lists, and a student's (approved materials of sessions whose booking is
// approved). The server decides who may see what; these only ask.
//
// A student's lists work offline: when the server cannot be reached at all,
// they answer with the materials kept on this device for that student
// (../offline), so My Study Materials and a booked session's materials still
// open on the train.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Material } from '../../../contract/entities'
import { ApiError } from '../../../shared/api/api-error'
import { api, apiPage } from '../../../shared/api/http-client'
import { queryKeys } from '../../../shared/api/query-keys'

// Answers that came from the device, not the server: they must not be taken
// as the server's list (for instance to forget kept materials it left out).
const fromDevice = new WeakSet<Material[]>()

/** True when this list is the device's kept copy, served because the server was out of reach. */
export function isFromDevice(list: Material[] | undefined): boolean {
  return list !== undefined && fromDevice.has(list)
}

/** Runs `fetcher`; with no network at all, answers with the student's kept materials instead. */
export async function withKeptFallback(
  fetcher: () => Promise<Material[]>,
  email: string,
  sessionId?: string,
): Promise<Material[]> {
  try {
    return await fetcher()
  } catch (error) {
    if (!(error instanceof ApiError && error.isNetworkError) || !email) throw error
    const store = await import('../offline/kept-materials-store')
    const kept = await store.readOfflineMaterials(email, sessionId).catch(() => undefined)
    if (!kept) throw error
    fromDevice.add(kept)
    return kept
  }
}

export const materialQueries = {
  byTutor: (email: string) =>
    queryOptions({
      queryKey: queryKeys.materials.ofTutor(email),
      queryFn: ({ signal }) => api('listTutorMaterials', { params: { email }, signal }),
      enabled: Boolean(email),
    }),
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
      queryFn: ({ signal }): Promise<Material[]> =>
        withKeptFallback(async () => {
          // One call: the server answers a student the approved materials of their approved bookings.
          const materials = await api('listApprovedMaterials', { signal })
          return materials.filter((m) => m.status === 'approved')
        }, email),
      enabled: Boolean(email),
      // Runs offline too, to answer from the device.
      networkMode: 'offlineFirst',
    }),
}
