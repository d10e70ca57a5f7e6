// The form inside the admin's approve, update and edit dialogs: a check that
// shows what is wrong, a submit that waits for the server (offline it waits
// for a connection), and Cancel.
import { useState, type FormEvent, type ReactNode, type RefObject } from 'react'
import { ModalDialog } from '../../../shared/ui/modal-dialog'
import { ERROR_TEXT, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../workspace/components/ui-classes'
import { useServerGate } from '../../workspace/hooks/use-server-gate'
import { OfflineReason } from '../../offline/offline-reason'

export interface AdminDialogFormProps {
  title: string
  description?: string
  initialFocusRef: RefObject<HTMLElement | null>
  submitLabel: string
  /**
   * Checks the fields: the problem to show, or the work to run. The work
   * resolves when done (the owner closes the dialog) and throws to keep the
   * dialog open for another try.
   */
  onSubmit: () => string | (() => Promise<void>)
  onClose: () => void
  children: ReactNode
}

export function AdminDialogForm({
  title,
  description,
  initialFocusRef,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: AdminDialogFormProps) {
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { offlineId, needsServer } = useServerGate()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const outcome = onSubmit()
    if (typeof outcome === 'string') {
      setProblem(outcome)
      return
    }
    setBusy(true)
    try {
      await outcome()
    } catch {
      setBusy(false)
    }
  }

  return (
    <ModalDialog title={title} description={description} onDismiss={onClose} initialFocusRef={initialFocusRef}>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4 text-left">
        {children}
        {problem ? (
          <p role="alert" className={ERROR_TEXT}>
            {problem}
          </p>
        ) : null}
        <OfflineReason id={offlineId} />
        <div className="flex justify-end gap-3">
          <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={PRIMARY_BUTTON} disabled={busy} {...needsServer}>
            {submitLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
