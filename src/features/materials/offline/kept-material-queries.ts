// The student's materials kept on this device, read through the query cache
// under the materials root of the key tree (a device query: any write to the
// kept materials or their files, by a screen, the auto-keep or another tab,
// refreshes it), and the hooks that keep and remove them.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Material } from '#contract/entities'
import { queryKeys } from '#shared/api/query-keys'
import { deviceQuery } from '#shared/offline/device-query'
import { useOnline } from '#shared/offline/use-online'
import { keepMaterial, syncKeptMaterials } from './keep-materials'
import { errorMessage } from '#shared/api/api-error'

const keptStore = () => import('./kept-materials-store')

const keptMaterialQueries = {
  forStudent: (email: string) =>
    deviceQuery({
      queryKey: queryKeys.materials.kept(email),
      tables: ['materials', 'materialFiles'],
      read: async () => (await keptStore()).readKeptMaterials(email),
    }),
}

/** Reads the kept materials again now, for a screen that must show a file kept before it says so. */
function refreshKept(queryClient: QueryClient, email: string) {
  return queryClient.refetchQueries({ queryKey: keptMaterialQueries.forStudent(email).queryKey })
}

export function useKeptMaterials(email: string) {
  return useQuery({ ...keptMaterialQueries.forStudent(email), enabled: Boolean(email) })
}

// A write to the kept files refreshes the kept list by itself; declaring it
// as well makes the button's state change only once the list shows the write.
const keptWrite = (email: string) => ({
  networkMode: 'always' as const,
  meta: { invalidates: [queryKeys.materials.kept(email)] },
})

/** Keep one material's file by hand ("Keep offline"). */
export function useKeepMaterial(email: string) {
  return useMutation({ mutationFn: (material: Material) => keepMaterial(email, material), ...keptWrite(email) })
}

export function useRemoveKeptFile(email: string) {
  return useMutation({
    mutationFn: async (materialId: string) => (await keptStore()).removeKeptFile(email, materialId),
    ...keptWrite(email),
  })
}

export function useRemoveAllKeptFiles(email: string) {
  return useMutation({ mutationFn: async () => (await keptStore()).removeAllKeptFiles(email), ...keptWrite(email) })
}

// One sync at a time on this page: two screens (or a re-render) never
// download the same file twice at once.
let queue: Promise<unknown> = Promise.resolve()

export interface AutoKeepState {
  /** Ids being downloaded for keeping now. */
  saving: ReadonlySet<string>
  /** Ids that could not be kept, with the reason. */
  failed: ReadonlyMap<string, string>
}

/**
 * Keeps the listed server materials on the device by the automatic policy
 * (./keep-materials.ts) while online. `materials` must be the server's
 * answer, not the offline fallback.
 */
export function useAutoKeep(email: string, materials: Material[] | undefined, sessionId?: string): AutoKeepState {
  const online = useOnline()
  const queryClient = useQueryClient()
  const [state, setState] = useState<AutoKeepState>({ saving: new Set(), failed: new Map() })
  const ids = materials?.map((m) => m._id).join(',')

  useEffect(() => {
    if (!online || !email || !materials) return
    const controller = new AbortController()
    const run = async () => {
      if (controller.signal.aborted) return
      const failed = await syncKeptMaterials(email, materials, {
        sessionId,
        signal: controller.signal,
        onPlan: (plan) => {
          if (!controller.signal.aborted) setState({ saving: new Set(plan.map((m) => m._id)), failed: new Map() })
        },
        onKept: (info) => {
          void refreshKept(queryClient, email).then(() => {
            if (controller.signal.aborted) return
            setState((s) => ({ ...s, saving: new Set([...s.saving].filter((id) => id !== info.materialId)) }))
          })
        },
      }).catch((error: unknown) => new Map([['*', errorMessage(error, String(error))]]))
      if (controller.signal.aborted) return
      setState({ saving: new Set(), failed })
    }
    queue = queue.then(run, run)
    return () => controller.abort()
    // `ids` stands for `materials`: a refetch with the same list does not sync again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, email, ids, sessionId, queryClient])

  return state
}
