import { useId, useRef } from 'react'
import type { BodyOf } from '#contract/endpoints'
import type { Session } from '#contract/entities'
import { MAX_DURATION_HOURS, MAX_FEE } from '#contract/limits'
import { lenientNumber, seatsFromText } from '#contract/rules'
import { useFormDraft } from '#shared/drafts/form-draft'
import { useFieldProblems, type FieldProblem } from '#shared/ui/field-problems'
import { LabelledInput } from '#shared/ui/labelled-input'
import { DialogForm } from '#shared/ui/dialog-form'

type Field = 'title' | 'subject' | 'duration' | 'registrationFee' | 'seats'

export interface UpdateSessionDialogProps {
  session: Session
  onSave: (body: BodyOf<'updateSession'>) => Promise<void>
  onClose: () => void
}

export function UpdateSessionDialog({ session, onSave, onClose }: UpdateSessionDialogProps) {
  // Unsaved edits are kept in this tab's session storage, like every form's
  // (docs/architecture/data-on-the-device.md#form-drafts): opening the session again after a reload brings them back.
  const {
    draft: values,
    edit,
    clear,
  } = useFormDraft(`session-update:${session._id}`, () => ({
    title: session.title,
    subject: session.subject,
    duration: String(session.duration),
    registrationFee: String(session.registrationFee),
    seats: session.seats === undefined ? '' : String(session.seats),
  }))
  const firstRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const { formRef, show, field } = useFieldProblems<Field>((name) => `${id}-${name}`)

  function check() {
    const title = values.title.trim()
    const subject = values.subject.trim()
    // Duration and fee count as 0 when not numeric (docs/rules/sessions.md); a session still lasts at least an hour.
    const duration = Math.max(0, lenientNumber(values.duration))
    const registrationFee = Math.max(0, lenientNumber(values.registrationFee))
    const seats = seatsFromText(values.seats)
    const blank = (['title', 'subject'] as const).filter((name) => !values[name].trim())
    const problems: FieldProblem<Field>[] = [
      ...(blank.length > 0 ? [{ message: 'Title and subject are required.', fields: blank }] : []),
      ...(duration < 1 ? [{ message: 'Duration must be at least 1 hour.', fields: ['duration' as const] }] : []),
      ...(duration > MAX_DURATION_HOURS
        ? [{ message: `Duration must be at most ${MAX_DURATION_HOURS} hours.`, fields: ['duration' as const] }]
        : []),
      ...(registrationFee > MAX_FEE
        ? [{ message: `The registration fee must be at most ${MAX_FEE}.`, fields: ['registrationFee' as const] }]
        : []),
      ...(seats === undefined
        ? [
            {
              message: 'Seats must be a whole number of at least 1, or empty for no limit.',
              fields: ['seats' as const],
            },
          ]
        : []),
    ]
    if (!show(problems) || seats === undefined) return null
    return async () => {
      // Seats are sent only when changed, so an update that leaves them alone sends what it always did.
      await onSave({
        title,
        subject,
        duration,
        registrationFee,
        ...(seats === (session.seats ?? null) ? {} : { seats }),
      })
      clear()
    }
  }

  function cancel() {
    clear()
    onClose()
  }

  const input = (name: Field, label: string, numeric = false, ref?: React.Ref<HTMLInputElement>) => (
    <LabelledInput
      ref={ref}
      id={`${id}-${name}`}
      label={label}
      value={values[name]}
      inputMode={numeric ? 'decimal' : undefined}
      onChange={(e) => edit({ [name]: e.target.value })}
      problem={field(name)}
    />
  )

  return (
    <DialogForm
      title="Update session"
      initialFocusRef={firstRef}
      submitLabel="Save"
      formRef={formRef}
      onSubmit={check}
      onClose={cancel}
    >
      {input('title', 'Title', false, firstRef)}
      {input('subject', 'Subject')}
      {input('duration', 'Duration (hours)', true)}
      {input('registrationFee', 'Registration fee', true)}
      {input('seats', 'Seats (empty for no limit)', true)}
      <p className="text-xs text-ink-muted">A duration or fee that is not a number counts as 0.</p>
    </DialogForm>
  )
}
