// Cancel class (docs/product.md#screens): the tutor or an admin cancels a session with a reason its students read.
// Loaded only when opened.
import { useId, useRef, useState } from 'react'
import type { Session } from '#contract/entities'
import { TEXT_LIMITS } from '#contract/limits'
import { DialogForm } from '#shared/ui/dialog-form'
import { useFieldProblems } from '#shared/ui/field-problems'
import { LabelledTextarea } from '#shared/ui/labelled-textarea'
import { ClassStudentsTold } from './class-students'

export const CANCEL_REASON_REQUIRED = 'Please say why the class is cancelled: its students read it.'

export interface CancelClassDialogProps {
  session: Session
  /** Resolves when cancelled; throws to keep the dialog open. */
  onCancelClass: (reason: string) => Promise<void>
  onClose: () => void
}

export default function CancelClassDialog({ session, onCancelClass, onClose }: CancelClassDialogProps) {
  const [reason, setReason] = useState('')
  const firstRef = useRef<HTMLTextAreaElement>(null)
  const id = useId()
  const { formRef, show, field } = useFieldProblems<'reason'>((name) => `${id}-${name}`)

  function check() {
    const text = reason.trim()
    if (!show(text ? [] : [{ message: CANCEL_REASON_REQUIRED, fields: ['reason'] }])) return null
    return () => onCancelClass(text)
  }

  return (
    <DialogForm
      title="Cancel class"
      description={session.title}
      initialFocusRef={firstRef}
      submitLabel="Cancel class"
      closeLabel="Keep class"
      busyLabel="Cancelling…"
      formRef={formRef}
      onSubmit={check}
      onClose={onClose}
    >
      <LabelledTextarea
        ref={firstRef}
        id={`${id}-reason`}
        label="Reason"
        required
        rows={3}
        maxLength={TEXT_LIMITS.cancelReason}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        problem={field('reason')}
      />
      <p className="text-sm text-ink-muted">The session leaves every list; its bookings are cancelled.</p>
      <ClassStudentsTold sessionId={session._id} />
    </DialogForm>
  )
}
