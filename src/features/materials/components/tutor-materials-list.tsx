import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Material } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { confirmDelete, runWithFeedback } from '#shared/ui/action-feedback'
import { QueryState } from '#shared/ui/query-state'
import { StatusBadge } from '#shared/ui/status-badge'
import { DANGER_BUTTON, NEUTRAL_BUTTON } from '#shared/ui/ui-classes'
import { formatDateTime } from '#shared/format/date'
import { useServerGate } from '#shared/offline/use-server-gate'
import { materialMutations } from '../api/material-mutations'
import { materialQueries } from '../api/material-queries'
import { MaterialViewerDialog } from './material-viewer-dialog'
import { MATERIALS_LOAD_FAILED } from './student-materials-grid'
import { OfflineReason } from '#shared/offline/offline-reason'

export function TutorMaterialsList({ email }: { email: string }) {
  const materials = useQuery(materialQueries.byTutor(email))
  const remove = useMutation(materialMutations.remove())
  const { offlineId, needsServer } = useServerGate()
  const [open, setOpen] = useState<Material | null>(null)

  async function onDelete(material: Material) {
    if (!(await confirmDelete('Delete this material?', `“${material.title}” and its file will be deleted for good.`)))
      return
    await runWithFeedback(() => remove.mutateAsync(material._id), {
      worked: (result) => result.deletedCount > 0,
      success: 'Material deleted',
      failed: 'Failed to delete the material',
    })
  }

  return (
    <QueryState
      query={materials}
      loading="Loading materials…"
      empty="You have not uploaded any materials yet."
      isEmpty={(data) => data.length === 0}
      error={(error) => `${MATERIALS_LOAD_FAILED}: ${errorMessage(error)}`}
    >
      {(data) => (
        <>
          <OfflineReason id={offlineId} className="mb-3" />
          <ul className="grid gap-4 sm:grid-cols-2">
            {data.map((material) => (
              <li key={material._id} className="rounded-lg border border-line bg-surface p-4 shadow-sm">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="text-lg font-semibold text-ink">{material.title}</h2>
                  <StatusBadge status={material.status} />
                </div>
                {material.description ? <p className="mt-1 text-ink">{material.description}</p> : null}
                <p className="mt-1 text-xs text-ink-muted">
                  {material.fileName ?? 'File'} · {formatDateTime(material.createdAt)}
                </p>
                <div className="mt-3 flex gap-2">
                  <button type="button" className={NEUTRAL_BUTTON} onClick={() => setOpen(material)}>
                    View <span className="sr-only">{material.title}</span>
                  </button>
                  <button
                    type="button"
                    className={DANGER_BUTTON}
                    onClick={() => void onDelete(material)}
                    {...needsServer}
                  >
                    Delete <span className="sr-only">{material.title}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {open ? <MaterialViewerDialog material={open} onClose={() => setOpen(null)} /> : null}
        </>
      )}
    </QueryState>
  )
}
