import { useRef, useState } from 'react'
import type { Material } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { ModalDialog } from '#shared/ui/modal-dialog'
import { ERROR_TEXT, PRIMARY_BUTTON, SECONDARY_BUTTON } from '#shared/ui/ui-classes'
import { downloadMaterial, MaterialFrame } from './material-viewer'
import { MaterialLinks } from './material-links'
import { materialFileUrl } from '../verified-file'

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

  return (
    <ModalDialog
      title={material.title}
      description={material.description || undefined}
      onDismiss={onClose}
      initialFocusRef={closeRef}
      wide
    >
      <div className="mt-4 text-left">
        <MaterialFrame material={material} keptFor={keptFor} />
        <MaterialLinks material={material} />
        {problem ? (
          <p role="alert" className={ERROR_TEXT}>
            {problem}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-3">
          <button ref={closeRef} type="button" className={SECONDARY_BUTTON} onClick={onClose}>
            Close
          </button>
          {materialFileUrl(material) ? (
            <button type="button" className={PRIMARY_BUTTON} onClick={() => void onDownload()} disabled={busy}>
              {busy ? 'Downloading…' : 'Download'}
            </button>
          ) : null}
        </div>
      </div>
    </ModalDialog>
  )
}
