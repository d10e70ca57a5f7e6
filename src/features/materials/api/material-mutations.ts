// Uploading and reviewing materials. Every material list sits under the
// materials root, and the dashboards count materials too.
import { mutationOptions } from '@tanstack/react-query'
import type { BodyOf } from '#contract/endpoints'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'

const invalidates = [queryKeys.materials.all, queryKeys.stats.all]

export const materialMutations = {
  /** Multipart: the HTTP client turns the body (with its File) into FormData. */
  upload: () =>
    mutationOptions({
      mutationFn: (body: BodyOf<'uploadMaterial'>) => api('uploadMaterial', { body }),
      meta: { invalidates },
    }),
  approve: () =>
    mutationOptions({ mutationFn: (id: string) => api('approveMaterial', { params: { id } }), meta: { invalidates } }),
  reject: () =>
    mutationOptions({ mutationFn: (id: string) => api('rejectMaterial', { params: { id } }), meta: { invalidates } }),
  remove: () =>
    mutationOptions({ mutationFn: (id: string) => api('deleteMaterial', { params: { id } }), meta: { invalidates } }),
}
