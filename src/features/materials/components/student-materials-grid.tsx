// My Study Materials: the approved materials of the student's approved
// bookings. Online, their files are kept on this device (../offline) and
// each card says so with the file's size; offline, the list and the files
// come from the device (the list from the cache when this page already had
// it, else from the kept materials), and the notice says so either way.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Material } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { ListState } from '#shared/ui/list-state'
import { QueryState } from '#shared/ui/query-state'
import { NEUTRAL_BUTTON } from '#shared/ui/ui-classes'
import { servedOffline } from '#shared/offline/device-backed-query'
import { useOnline } from '#shared/offline/use-online'
import { useOwnOfflineNotice } from '#shared/offline/own-offline-notice'
import { materialQueries } from '../api/material-queries'
import { KeptFilesSummary, KeptFileStatus } from '../offline/kept-file-controls'
import { useAutoKeep, useKeptMaterials } from '../offline/kept-material-queries'
import { FileSummary, MaterialImage } from './material-links'
import { MaterialViewerDialog } from './material-viewer-dialog'
import { NOTICE_BOX } from '#shared/ui/tone-classes'

export const MATERIALS_LOAD_FAILED = 'Failed to load materials'
export const SHOWING_KEPT = 'The server cannot be reached: showing the materials saved on this device.'
const NOTHING_KEPT =
  'No materials are saved on this device yet. Open My Study Materials while online to keep them for offline reading.'

export function StudentMaterialsGrid({ email }: { email: string }) {
  const materials = useQuery(materialQueries.forStudent(email))
  const kept = useKeptMaterials(email)
  // Offline, or the server out of reach: the list is what the device had, never taken as the server's.
  const fromDevice = servedOffline(materials, useOnline())
  // Its notice below says it: the layout's stays away.
  useOwnOfflineNotice(fromDevice && materials.isSuccess)
  const auto = useAutoKeep(email, fromDevice ? undefined : materials.data)
  const [open, setOpen] = useState<Material | null>(null)

  return (
    <QueryState
      query={materials}
      loading="Loading materials…"
      error={(error) => `${MATERIALS_LOAD_FAILED}: ${errorMessage(error)}`}
    >
      {(list) => (
        <>
          <KeptFilesSummary email={email} kept={kept.data} />
          {fromDevice ? (
            <p role="status" className={`mb-4 ${NOTICE_BOX}`}>
              {SHOWING_KEPT}
            </p>
          ) : null}
          {list.length === 0 ? (
            <ListState kind="empty">
              {fromDevice ? NOTHING_KEPT : 'No study materials yet. They appear here once your booking is approved.'}
            </ListState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="student-materials">
              {list.map((material) => (
                <li key={material._id} className="flex flex-col rounded-lg border border-line bg-surface p-4 shadow-sm">
                  <MaterialImage material={material} />
                  <h2 className="mt-2 text-lg font-semibold text-ink">{material.title}</h2>
                  {material.description ? <p className="mt-1 text-ink">{material.description}</p> : null}
                  <FileSummary material={material} />
                  <p className="mt-1 text-xs text-ink-muted">From {material.tutorEmail}</p>
                  <KeptFileStatus email={email} material={material} kept={kept.data} auto={auto} />
                  <div className="mt-auto pt-3">
                    <button type="button" className={NEUTRAL_BUTTON} onClick={() => setOpen(material)}>
                      View <span className="sr-only">{material.title}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {open ? <MaterialViewerDialog material={open} keptFor={email} onClose={() => setOpen(null)} /> : null}
        </>
      )}
    </QueryState>
  )
}
