// Edit class (docs/product.md#screens): the tutor or an admin moves an approved session's class, or changes its
// place, meeting link or cancellation deadline, until it starts. Loaded only when opened.
import { useId, useRef, useState } from 'react'
import type { BodyOf } from '#contract/endpoints'
import type { Session } from '#contract/entities'
import { useFormDraft } from '#shared/drafts/form-draft'
import { DialogForm } from '#shared/ui/dialog-form'
import { useFieldProblems } from '#shared/ui/field-problems'
import { LabelledInput } from '#shared/ui/labelled-input'
import { buildClassChange, classFormOf, schedulePreview, type ClassFormValues } from '../session-form'
import { instantInZone, wallClockIn, weekdayOf } from '../schedule-rule'
import { ClassPlaceFields } from './class-place-fields'
import { ScheduleFields, useDefaultZone } from './schedule-fields'
import { SessionMeetings, type MeetingChanges } from './session-meetings'
import { ClassStudentsTold } from './class-students'

export interface EditClassDialogProps {
  session: Session
  /** Resolves when saved; throws to keep the dialog open. */
  onSave: (body: BodyOf<'updateSessionClass'>) => Promise<void>
  onClose: () => void
}

type Field = keyof ClassFormValues

export default function EditClassDialog({ session, onSave, onClose }: EditClassDialogProps) {
  const zone = useDefaultZone(session.tutorEmail)
  const { draft, edit, clear } = useFormDraft(`session-class:${session._id}`, () => classFormOf(session, ''))
  // A session that does not repeat yet offers the tutor's zone.
  const values = { ...draft, timeZone: draft.timeZone || zone }
  const repeats = values.repeats === 'weekly'
  const start = instantInZone(values.classStartDate, values.classStartTime, values.timeZone)
  // The skips and moves: saved with the schedule.
  const [meetings, setMeetings] = useState<MeetingChanges>({
    skipped: session.schedule?.skipped ?? [],
    moved: session.schedule?.moved ?? [],
  })
  const firstRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const { formRef, show, field } = useFieldProblems<Field>((name) => `${id}-${name}`)

  function check() {
    const result = buildClassChange(values, session, meetings)
    if (!show(result.ok ? [] : result.problems) || !result.ok) return null
    // Nothing changed: nothing to tell anyone.
    if (Object.keys(result.body).length === 0) return async () => cancel()
    return async () => {
      await onSave(result.body)
      clear()
    }
  }

  function cancel() {
    clear()
    onClose()
  }

  const input = (
    name: Field,
    label: string,
    attributes: Partial<React.InputHTMLAttributes<HTMLInputElement>> = {},
    hint?: string,
  ) => (
    <LabelledInput
      ref={name === 'classStartDate' ? firstRef : undefined}
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      value={values[name]}
      onChange={(e) => edit({ [name]: e.target.value })}
      problem={field(name)}
      {...attributes}
    />
  )

  return (
    <DialogForm
      title="Edit class"
      description={session.title}
      initialFocusRef={firstRef}
      submitLabel="Save and tell students"
      busyLabel="Saving…"
      formRef={formRef}
      onSubmit={check}
      onClose={cancel}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {input('classStartDate', 'Class start date', { type: 'date', required: true })}
        {input('classStartTime', 'Class start time', { type: 'time', required: true })}
        {repeats ? null : input('classEnd', 'Class end', { type: 'datetime-local', required: true })}
        {input(
          'duration',
          'Duration (hours)',
          { type: 'number', min: 1, step: 'any', inputMode: 'decimal' },
          repeats ? 'How long each meeting lasts.' : undefined,
        )}
        <ScheduleFields
          baseId={id}
          values={values}
          edit={edit}
          problem={field}
          meetings={schedulePreview(values)}
          startDay={start ? weekdayOf(wallClockIn(start, values.timeZone)) : undefined}
        />
      </div>
      {session.schedule && repeats ? (
        <SessionMeetings
          sessionId={session._id}
          timeZone={session.schedule.timeZone}
          changes={meetings}
          onChange={setMeetings}
        />
      ) : null}
      <ClassPlaceFields field={input} />
      <ClassStudentsTold sessionId={session._id} />
    </DialogForm>
  )
}
