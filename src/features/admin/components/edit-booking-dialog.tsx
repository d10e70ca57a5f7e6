import { useId, useRef, useState } from 'react'
import type { Booking } from '#contract/entities'
import { useFieldProblems } from '#shared/ui/field-problems'
import { LabelledInput } from '#shared/ui/labelled-input'
import { DialogForm } from '#shared/ui/dialog-form'

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
  const firstRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const { formRef, show, field } = useFieldProblems<keyof BookingEdit>((name) => `${id}-${name}`)

  function check() {
    const body = {
      studentEmail: values.studentEmail.trim(),
      tutorEmail: values.tutorEmail.trim(),
      sessionId: values.sessionId.trim(),
    }
    const blank = (['studentEmail', 'sessionId'] as const).filter((name) => !body[name])
    if (!show(blank.length > 0 ? [{ message: 'Student email and session ID are required.', fields: blank }] : []))
      return null
    return () => onSave(body)
  }

  const input = (name: keyof BookingEdit, label: string, type = 'text', ref?: React.Ref<HTMLInputElement>) => (
    <LabelledInput
      ref={ref}
      id={`${id}-${name}`}
      label={label}
      type={type}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      problem={field(name)}
    />
  )

  return (
    <DialogForm
      title="Edit booking"
      description={booking.title}
      initialFocusRef={firstRef}
      submitLabel="Save"
      formRef={formRef}
      onSubmit={check}
      onClose={onClose}
    >
      {input('studentEmail', 'Student email', 'email', firstRef)}
      {/* The session decides who teaches it: the server sets the tutor from the session, so it is not editable. */}
      <LabelledInput id={`${id}-tutorEmail`} label="Tutor email" type="email" value={booking.tutorEmail} readOnly />
      {input('sessionId', 'Session ID')}
    </DialogForm>
  )
}
