// The material viewer (docs/product.md#screens): on a phone the whole screen,
// the title in a bar at the top with Close (focused first, so nothing opens
// scrolled), the file filling the rest, and Back closes it; above md a wide
// dialog with the file in its 500 px frame (docs/decisions/0078-phone-shell.md).
// "Open file" hands the file to the browser's own viewer in a new tab, where a
// phone reads a PDF at its own zoom.
import { useRef, useState } from 'react'
import type { Material } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { useOnline } from '#shared/offline/use-online'
import { ModalDialog } from '#shared/ui/modal-dialog'
import { ERROR_TEXT, PRIMARY_BUTTON, SECONDARY_BUTTON } from '#shared/ui/ui-classes'
import { downloadMaterial, MaterialFrame } from './material-viewer'
import { MaterialLinks } from './material-links'
import { materialFileUrl } from '../verified-file'
import { openMaterialFile } from '../open-file'

interface MaterialViewerDialogProps {
  material: Material
  onClose: () => void
  /** The signed-in student's email: the copy kept on this device opens first, offline too. */
  keptFor?: string
}

export function MaterialViewerDialog({ material, onClose, keptFor }: MaterialViewerDialogProps) {
  const closeRef = useRef<HTMLButtonElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const online = useOnline()
  const hasFile = materialFileUrl(material) !== null

  async function onDownload() {
    setBusy(true)
    setProblem(null)
    try {
      await downloadMaterial(material, keptFor)
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  function onOpenFile() {
    setProblem(null)
    openMaterialFile(material).catch((error: unknown) =>
      setProblem(errorMessage(error, 'The file could not be opened')),
    )
  }

  return (
    <ModalDialog
      title={material.title}
      description={material.description || undefined}
      onDismiss={onClose}
      initialFocusRef={closeRef}
      layout="viewer"
      titleActions={
        <button ref={closeRef} type="button" className={`${SECONDARY_BUTTON} shrink-0`} onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] text-left md:px-0 md:pb-0">
        <MaterialFrame material={material} keptFor={keptFor} />
        <MaterialLinks material={material} />
        {problem ? (
          <p role="alert" className={ERROR_TEXT}>
            {problem}
          </p>
        ) : null}
        {hasFile ? (
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            {online ? (
              <button type="button" className={SECONDARY_BUTTON} onClick={onOpenFile}>
                Open file<span className="sr-only"> (opens in a new tab)</span>
              </button>
            ) : null}
            <button
              type="button"
              className={PRIMARY_BUTTON}
              onClick={() => void onDownload()}
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? 'Downloading…' : 'Download'}
            </button>
          </div>
        ) : null}
      </div>
    </ModalDialog>
  )
}
