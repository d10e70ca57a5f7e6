// The student's materials kept on this device, as a query (read from the app
// database, so it runs offline too), and the hooks that keep and remove them.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Material } from '#contract/entities'
import { useOnline } from '#shared/offline/use-online'
import { keepMaterial, syncKeptMaterials } from './keep-materials'
import { errorMessage } from '#shared/api/api-error'

const keptMaterialQueries = {
  all: () => ['kept-materials'] as const,
  forStudent: (email: string) =>
    queryOptions({
      queryKey: [...keptMaterialQueries.all(), email] as const,
      queryFn: async () => (await import('./kept-materials-store')).readKeptMaterials(email),
      enabled: Boolean(email),
      // Local data: never waits for the network.
      networkMode: 'always',
      staleTime: Infinity,
    }),
}

function refreshKept(queryClient: QueryClient, email: string) {
  return queryClient.invalidateQueries({ queryKey: keptMaterialQueries.forStudent(email).queryKey })
}

export function useKeptMaterials(email: string) {
  return useQuery(keptMaterialQueries.forStudent(email))
}

/** Keep one material's file by hand ("Keep offline"). */
export function useKeepMaterial(email: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (material: Material) => keepMaterial(email, material),
    networkMode: 'always',
    onSettled: () => refreshKept(queryClient, email),
  })
}

export function useRemoveKeptFile(email: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (materialId: string) =>
      (await import('./kept-materials-store')).removeKeptFile(email, materialId),
    networkMode: 'always',
    onSettled: () => refreshKept(queryClient, email),
  })
}

export function useRemoveAllKeptFiles(email: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => (await import('./kept-materials-store')).removeAllKeptFiles(email),
    networkMode: 'always',
    onSettled: () => refreshKept(queryClient, email),
  })
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
      await refreshKept(queryClient, email)
    }
    queue = queue.then(run, run)
    return () => controller.abort()
    // `ids` stands for `materials`: a refetch with the same list does not sync again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, email, ids, sessionId, queryClient])

  return state
}
