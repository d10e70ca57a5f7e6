// The approved materials of a booked session: title, description, "Open file"
// (the file in a new tab, through a signed link: ../open-file.ts) and the viewer. Their files are kept on this device
// like those of My Study Materials; offline, the list and the files come
// from the device. Offline the student's bookings cannot be checked, so the
// materials kept for the session are what shows (they were kept while the
// booking was approved).
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { BookingStatus, Material } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { servedOffline } from '#shared/offline/device-backed-query'
import { MaterialViewerDialog } from './material-viewer-dialog'
import { materialFileUrl } from '../verified-file'
import { KeptFileStatus } from '../offline/kept-file-controls'
import { useAutoKeep, useKeptMaterials } from '../offline/kept-material-queries'
import { useOnline } from '#shared/offline/use-online'
import { useOwnOfflineNotice } from '#shared/offline/own-offline-notice'
import { bookedMaterialQueries } from '../api/booked-material-queries'
import { NOTICE_BOX } from '#shared/ui/tone-classes'
import { QueryState } from '#shared/ui/query-state'
import { ERROR_TEXT } from '#shared/ui/ui-classes'
import { openMaterialFile } from '../open-file'
import { FileSummary, MaterialLinks } from './material-links'

interface BookedMaterialListProps {
  sessionId: string
  /** The signed-in student's email: whose booking it is and for whom files are kept. */
  email: string
  /** The student's booking of the session; undefined while it is loading. null when there is none. */
  bookingStatus: BookingStatus | null | undefined
}

export function BookedMaterialList({ sessionId, email, bookingStatus }: BookedMaterialListProps) {
  const online = useOnline()
  // Offline the bookings wait for the network: show what the device kept.
  const unknownOffline = !online && bookingStatus === undefined
  // The server opens a session's materials to approved bookings only.
  const materials = useQuery({
    ...bookedMaterialQueries.forSession(sessionId, email),
    enabled: bookingStatus === 'approved' || unknownOffline,
  })
  // Offline, or the server out of reach: the list is what the device had, never taken as the server's.
  const fromDevice = servedOffline(materials, online)
  // Its notice below says it: the layout's stays away.
  useOwnOfflineNotice(fromDevice && materials.isSuccess)
  const kept = useKeptMaterials(email)
  const auto = useAutoKeep(email, fromDevice ? undefined : materials.data, sessionId)
  const [open, setOpen] = useState<Material | null>(null)
  // The material whose file could not be opened, and why.
  const [openFailed, setOpenFailed] = useState<{ id: string; reason: string } | null>(null)

  function openFile(material: Material) {
    setOpenFailed(null)
    openMaterialFile(material).catch((error: unknown) =>
      setOpenFailed({ id: material._id, reason: errorMessage(error, 'The file could not be opened') }),
    )
  }

  if (bookingStatus === null) {
    return <p className="text-ink-muted">You have not booked this session.</p>
  }
  if (bookingStatus === 'pending') {
    return <p className="text-ink-muted">The materials open once an admin approves your booking.</p>
  }
  if (bookingStatus === 'waitlisted') {
    return <p className="text-ink-muted">The materials open once you have a seat and an admin approves your booking.</p>
  }
  if (bookingStatus === 'cancelled') {
    return <p className="text-ink-muted">You cancelled this booking, so the materials are not available.</p>
  }
  if (bookingStatus === 'rejected') {
    return <p className="text-ink-muted">Your booking was rejected, so the materials are not available.</p>
  }
  return (
    <QueryState
      query={materials}
      loading="Loading materials…"
      error={(error) => errorMessage(error, 'Failed to load materials')}
      empty={
        fromDevice ? 'No materials of this session are saved on this device.' : 'No materials for this session yet.'
      }
      isEmpty={(list) => list.length === 0}
    >
      {(list) => (
        <>
          {fromDevice ? (
            <p role="status" className={`mb-4 ${NOTICE_BOX}`}>
              The server cannot be reached: showing the materials saved on this device.
            </p>
          ) : null}
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="material-list">
            {list.map((material) => {
              // Only a file the API names (a safe URL on its origin) has a link to ask for.
              const hasFile = materialFileUrl(material) !== null
              return (
                <li key={material._id} className="flex flex-col rounded-xl border border-line bg-surface p-4">
                  <h3 className="font-semibold text-ink">{material.title}</h3>
                  {material.description && <p className="mt-1 flex-1 text-sm text-ink-muted">{material.description}</p>}
                  <FileSummary material={material} />
                  <KeptFileStatus email={email} material={material} kept={kept.data} auto={auto} />
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      onClick={() => setOpen(material)}
                      className="tap inline-flex w-fit items-center rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-900"
                    >
                      View<span className="sr-only">: {material.title}</span>
                    </button>
                    {hasFile && !fromDevice && (
                      <button
                        type="button"
                        onClick={() => openFile(material)}
                        className="tap inline-flex w-fit items-center rounded-lg border border-accent px-3 py-1.5 text-sm font-semibold text-accent hover:bg-muted"
                      >
                        Open file<span className="sr-only">: {material.title} (opens in a new tab)</span>
                      </button>
                    )}
                  </div>
                  <MaterialLinks material={material} />
                  {openFailed?.id === material._id ? (
                    <p role="alert" className={ERROR_TEXT}>
                      {openFailed.reason}
                    </p>
                  ) : null}
                </li>
              )
            })}
          </ul>
          {open ? <MaterialViewerDialog material={open} keptFor={email} onClose={() => setOpen(null)} /> : null}
        </>
      )}
    </QueryState>
  )
}
