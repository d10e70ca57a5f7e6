// The form inside a workspace dialog (approve, update and edit): a check that
// shows what is wrong beside the fields (./field-problems.tsx), a submit that
// waits for its work, and Cancel. A server action's submit also waits for a
// connection; a write that is stored on the device first (notes) does not.
import { useState, type FormEvent, type ReactNode, type RefObject } from 'react'
import { ModalDialog } from './modal-dialog'
import { OfflineReason } from '../offline/offline-reason'
import { useServerGate } from '../offline/use-server-gate'
import { FormProblem } from './form-problem'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './ui-classes'

export interface DialogFormProps {
  title: string
  description?: string
  initialFocusRef: RefObject<HTMLElement | null>
  submitLabel: string
  /** The button that closes without doing anything; "Cancel" by default ("Keep class" where the work is a cancel). */
  closeLabel?: string
  /** The submit's label while the work runs; the submit label by default. */
  busyLabel?: string
  /** False when the work does not need the server (it is kept on the device). */
  needsServer?: boolean
  /** The form element, for the check to put the focus on the first invalid field (useFieldProblems' formRef). */
  formRef: RefObject<HTMLFormElement | null>
  /**
   * Checks the fields: null when it has shown what is wrong beside them, or the
   * work to run. The work resolves when done (the owner closes the dialog) and
   * throws to keep the dialog open for another try.
   */
  onSubmit: () => null | (() => Promise<void>)
  /** What the form shows when the work throws (the server's refusal); nothing by default (the owner reports it). */
  failure?: (error: unknown) => string
  onClose: () => void
  children: ReactNode
}

export function DialogForm({
  title,
  description,
  initialFocusRef,
  submitLabel,
  closeLabel = 'Cancel',
  busyLabel = submitLabel,
  needsServer: serverOnly = true,
  formRef,
  onSubmit,
  failure,
  onClose,
  children,
}: DialogFormProps) {
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { offlineId, needsServer } = useServerGate()

  async function submit(event: FormEvent) {
    event.preventDefault()
    setProblem(null)
    const outcome = onSubmit()
    if (!outcome) return
    setBusy(true)
    try {
      await outcome()
    } catch (error) {
      if (failure) setProblem(failure(error))
      setBusy(false)
    }
  }

  return (
    <ModalDialog title={title} description={description} onDismiss={onClose} initialFocusRef={initialFocusRef}>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-4 space-y-4 text-left">
        {children}
        <FormProblem>{problem}</FormProblem>
        {serverOnly ? <OfflineReason id={offlineId} /> : null}
        <div className="flex justify-end gap-3">
          <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
            {closeLabel}
          </button>
          <button
            type="submit"
            className={PRIMARY_BUTTON}
            disabled={busy}
            aria-busy={busy}
            {...(serverOnly ? needsServer : {})}
          >
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
