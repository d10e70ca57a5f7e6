import { useId, useRef, useState, type FormEvent } from 'react'
import type { Booking } from '../../../contract/entities'
import { ModalDialog } from '../../../shared/ui/modal-dialog'
import { ERROR_TEXT, INPUT, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../workspace/components/ui-classes'
import { OfflineReason } from '../../offline/offline-reason'
import { useOnline } from '../../offline/use-online'

type BookingEdit = { studentEmail: string; tutorEmail: string; sessionId: string }

export function EditBookingDialog({
  booking,
  onSave,
  onClose,
}: {
  booking: Booking
  onSave: (body: BookingEdit) => Promise<void>
  onClose: () => void
}) {
  const [values, setValues] = useState<BookingEdit>({
    studentEmail: booking.studentEmail,
    tutorEmail: booking.tutorEmail,
    sessionId: booking.sessionId,
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
    const body = {
      studentEmail: values.studentEmail.trim(),
      tutorEmail: values.tutorEmail.trim(),
      sessionId: values.sessionId.trim(),
    }
    if (!body.studentEmail || !body.tutorEmail || !body.sessionId) {
      setProblem('Every field is required.')
      return
    }
    setBusy(true)
    try {
      await onSave(body)
    } catch {
      setBusy(false)
    }
  }

  const input = (name: keyof BookingEdit, label: string, type = 'text', ref?: React.Ref<HTMLInputElement>) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={LABEL}>
        {label}
      </label>
      <input
        ref={ref}
        id={`${id}-${name}`}
        type={type}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        className={INPUT}
      />
    </div>
  )

  return (
    <ModalDialog title="Edit booking" description={booking.title} onDismiss={onClose} initialFocusRef={firstRef}>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4 text-left">
        {input('studentEmail', 'Student email', 'email', firstRef)}
        {input('tutorEmail', 'Tutor email', 'email')}
        {input('sessionId', 'Session ID')}
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
