import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BodyOf } from '../../../contract/endpoints'
import { api } from '../../../shared/api/http-client'
import { materialQueries } from './material-queries'

function useMaterialMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    // Stats count materials too.
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === materialQueries.all()[0] || String(q.queryKey[0]).includes('stats'),
      }),
  })
}

/** Multipart: the HTTP client turns the body (with its File) into FormData. */
export const useUploadMaterial = () =>
  useMaterialMutation((body: BodyOf<'uploadMaterial'>) => api('uploadMaterial', { body }))
export const useApproveMaterial = () => useMaterialMutation((id: string) => api('approveMaterial', { params: { id } }))
export const useRejectMaterial = () => useMaterialMutation((id: string) => api('rejectMaterial', { params: { id } }))
export const useDeleteMaterial = () => useMaterialMutation((id: string) => api('deleteMaterial', { params: { id } }))
