import { useId, useRef, useState } from 'react'
import type { Booking } from '#contract/entities'
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

  function check() {
    const body = {
      studentEmail: values.studentEmail.trim(),
      tutorEmail: values.tutorEmail.trim(),
      sessionId: values.sessionId.trim(),
    }
    if (!body.studentEmail || !body.sessionId) return 'Student email and session ID are required.'
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
    />
  )

  return (
    <DialogForm
      title="Edit booking"
      description={booking.title}
      initialFocusRef={firstRef}
      submitLabel="Save"
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
