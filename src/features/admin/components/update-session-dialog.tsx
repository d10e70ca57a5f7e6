import { useId, useRef, useState, type FormEvent } from 'react'
import type { BodyOf } from '../../../contract/endpoints'
import type { Session } from '../../../contract/entities'
import { ModalDialog } from '../../../shared/ui/modal-dialog'
import { ERROR_TEXT, INPUT, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../workspace/components/ui-classes'
import { lenientNumber } from '../session-fee'
import { OfflineReason } from '../../offline/offline-reason'
import { useOnline } from '../../offline/use-online'

export interface UpdateSessionDialogProps {
  session: Session
  onSave: (body: BodyOf<'updateSession'>) => Promise<void>
  onClose: () => void
}

export function UpdateSessionDialog({ session, onSave, onClose }: UpdateSessionDialogProps) {
  const [values, setValues] = useState({
    title: session.title,
    subject: session.subject,
    duration: String(session.duration),
    registrationFee: String(session.registrationFee),
  })
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const firstRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const online = useOnline()
  const offlineId = useId()
  // Server actions wait for a connection; the reason is read with each one.
  const needsServer = online ? {} : { disabled: true, 'aria-describedby': offlineId }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const title = values.title.trim()
    const subject = values.subject.trim()
    if (!title || !subject) {
      setProblem('Title and subject are required.')
      return
    }
    // Spec §5: duration and fee default to 0 when not numeric.
    const duration = Math.max(0, lenientNumber(values.duration))
    const registrationFee = Math.max(0, lenientNumber(values.registrationFee))
    setBusy(true)
    try {
      await onSave({ title, subject, duration, registrationFee })
    } catch {
      setBusy(false)
    }
  }

  const input = (name: keyof typeof values, label: string, numeric = false, ref?: React.Ref<HTMLInputElement>) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={LABEL}>
        {label}
      </label>
      <input
        ref={ref}
        id={`${id}-${name}`}
        value={values[name]}
        inputMode={numeric ? 'decimal' : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        className={INPUT}
      />
    </div>
  )

  return (
    <ModalDialog title="Update session" onDismiss={onClose} initialFocusRef={firstRef}>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4 text-left">
        {input('title', 'Title', false, firstRef)}
        {input('subject', 'Subject')}
        {input('duration', 'Duration (hours)', true)}
        {input('registrationFee', 'Registration fee', true)}
        <p className="text-xs text-slate-700">A duration or fee that is not a number counts as 0.</p>
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
            Save
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
