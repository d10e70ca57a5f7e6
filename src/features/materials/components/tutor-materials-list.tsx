import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Material } from '../../../contract/entities'
import { errorMessage } from '../../../shared/api/api-error'
import { confirmDialog, showAlert, showToast } from '../../../shared/ui/feedback'
import { ListState } from '../../workspace/components/page-heading'
import { StatusBadge } from '../../workspace/components/status-badge'
import { DANGER_BUTTON, NEUTRAL_BUTTON } from '../../workspace/components/ui-classes'
import { formatDateTime, serverMessage } from '../../workspace/format'
import { useDeleteMaterial } from '../api/material-mutations'
import { materialQueries } from '../api/material-queries'
import { MaterialViewerDialog } from './material-viewer-dialog'
import { MATERIALS_LOAD_FAILED } from './student-materials-grid'
import { OfflineReason } from '../../offline/offline-reason'
import { useOnline } from '../../offline/use-online'

export function TutorMaterialsList({ email }: { email: string }) {
  const materials = useQuery(materialQueries.byTutor(email))
  const remove = useDeleteMaterial()
  const online = useOnline()
  const offlineId = useId()
  // Server actions wait for a connection; the reason is read with each one.
  const needsServer = online ? {} : { disabled: true, 'aria-describedby': offlineId }
  const [open, setOpen] = useState<Material | null>(null)

  async function onDelete(material: Material) {
    const ok = await confirmDialog({
      title: 'Delete this material?',
      text: `“${material.title}” and its file will be deleted for good.`,
      confirmLabel: 'Delete',
      danger: true,
    })
    if (!ok) return
    try {
      const result = await remove.mutateAsync(material._id)
      if (result.deletedCount > 0) showToast({ title: 'Material deleted', icon: 'success' })
      else await showAlert({ title: 'Failed to delete the material', icon: 'error' })
    } catch (error) {
      await showAlert({ title: 'Failed to delete the material', text: serverMessage(error), icon: 'error' })
    }
  }

  if (materials.isPending) return <ListState kind="loading">Loading materials…</ListState>
  if (materials.isError)
    return (
      <ListState kind="error">
        {MATERIALS_LOAD_FAILED}: {errorMessage(materials.error)}
      </ListState>
    )
  if (materials.data.length === 0) return <ListState kind="empty">You have not uploaded any materials yet.</ListState>

  return (
    <>
      <OfflineReason id={offlineId} className="mb-3" />
      <ul className="grid gap-4 sm:grid-cols-2">
        {materials.data.map((material) => (
          <li key={material._id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <h2 className="text-lg font-semibold text-slate-900">{material.title}</h2>
              <StatusBadge status={material.status} />
            </div>
            {material.description ? <p className="mt-1 text-slate-800">{material.description}</p> : null}
            <p className="mt-1 text-xs text-slate-700">
              {material.fileName ?? 'File'} · {formatDateTime(material.createdAt)}
            </p>
            <div className="mt-3 flex gap-2">
              <button type="button" className={NEUTRAL_BUTTON} onClick={() => setOpen(material)}>
                View <span className="sr-only">{material.title}</span>
              </button>
              <button type="button" className={DANGER_BUTTON} onClick={() => void onDelete(material)} {...needsServer}>
                Delete <span className="sr-only">{material.title}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      {open ? <MaterialViewerDialog material={open} onClose={() => setOpen(null)} /> : null}
    </>
  )
}
