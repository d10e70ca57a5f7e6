import { useMutation } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { TEXT_LIMITS } from '#contract/limits'
import { errorMessage } from '#shared/api/api-error'
import { useFormDraft } from '#shared/drafts/form-draft'
import { showAlert, showToast } from '#shared/ui/feedback'
import { useFieldProblems } from '#shared/ui/field-problems'
import { LabelledInput } from '#shared/ui/labelled-input'
import { LabelledTextarea } from '#shared/ui/labelled-textarea'
import { PRIMARY_BUTTON } from '#shared/ui/ui-classes'
import { useServerGate } from '#shared/offline/use-server-gate'
import { tutorSessionMutations } from '../api/tutor-session-queries'
import { ClassPlaceFields } from './class-place-fields'
import {
  buildSessionPayload,
  emptySessionForm,
  scheduleOfForm,
  schedulePreview,
  type SessionFormField,
  type SessionFormValues,
} from '../session-form'
import { instantInZone, weekdayOf, wallClockIn } from '../schedule-rule'
import { ScheduleFields, useDefaultZone } from './schedule-fields'
import { OfflineReason } from '#shared/offline/offline-reason'

export const SESSION_CREATED = 'Your study session is now live.'
/** What the toast's words leave out: nobody sees the session until an admin approves it. */
export const SESSION_PENDING = 'Pending: an admin will review it.'
const SESSION_CREATE_FAILED = 'Failed to create session'

export function AddSessionForm({ tutorName, tutorEmail }: { tutorName: string; tutorEmail: string }) {
  // Kept in this tab's session storage until submitted (a reload keeps it).
  const {
    draft: kept,
    edit,
    clear,
  } = useFormDraft<SessionFormValues>(`session-add:${tutorEmail}`, () => emptySessionForm)
  // No zone chosen yet is the tutor's own.
  const defaultZone = useDefaultZone(tutorEmail)
  const values = { ...kept, timeZone: kept.timeZone || defaultZone }
  const repeats = values.repeats === 'weekly'
  const start = instantInZone(values.classStartDate, values.classStartTime, values.timeZone)
  const baseId = useId()
  const { formRef, show, field: problemOf } = useFieldProblems<SessionFormField>((name) => `${baseId}-${name}`)
  /** The title of the session just created, shown with its pending state until the next one. */
  const [created, setCreated] = useState<string | null>(null)
  const create = useMutation(tutorSessionMutations.create())
  const { offlineId, needsServer } = useServerGate()

  function field(
    name: SessionFormField,
    label: string,
    input: Partial<React.InputHTMLAttributes<HTMLInputElement>> = {},
    hint?: ReactNode,
  ) {
    return (
      <LabelledInput
        id={`${baseId}-${name}`}
        label={label}
        hint={hint}
        name={name}
        value={values[name] ?? ''}
        onChange={(e) => edit({ [name]: e.target.value })}
        problem={problemOf(name)}
        {...input}
      />
    )
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const result = buildSessionPayload(values, { name: tutorName, email: tutorEmail })
    // Each problem beside its field, the focus on the first of them.
    if (!show(result.ok ? [] : result.problems) || !result.ok) return
    try {
      await create.mutateAsync(result.payload)
      clear()
      showToast({ title: SESSION_CREATED, icon: 'success' })
      setCreated(result.payload.title)
    } catch (error) {
      await showAlert({ title: SESSION_CREATE_FAILED, text: errorMessage(error), icon: 'error' })
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid max-w-3xl gap-4 sm:grid-cols-2">
      {field('title', 'Session title', { required: true, maxLength: TEXT_LIMITS.sessionTitle })}
      {field('subject', 'Subject', { required: true, maxLength: TEXT_LIMITS.subject })}
      <div className="sm:col-span-2">
        <LabelledTextarea
          id={`${baseId}-description`}
          label="Description (optional)"
          value={values.description}
          onChange={(e) => edit({ description: e.target.value })}
          rows={4}
          maxLength={TEXT_LIMITS.sessionDescription}
        />
      </div>
      {field('registrationStart', 'Registration start', { type: 'date', required: true })}
      {field('registrationEnd', 'Registration end', { type: 'date', required: true })}
      {field('classStartDate', 'Class start date', { type: 'date', required: true })}
      {field('classStartTime', 'Class start time', { type: 'time', required: true })}
      {repeats ? null : field('classEnd', 'Class end', { type: 'datetime-local', required: true })}
      {field(
        'duration',
        'Duration (hours)',
        { type: 'number', min: 1, step: 'any', required: true, inputMode: 'decimal' },
        repeats ? 'How long each meeting lasts.' : undefined,
      )}
      <ScheduleFields
        baseId={baseId}
        values={scheduleOfForm(values)}
        edit={edit}
        problem={problemOf}
        meetings={schedulePreview(values)}
        startDay={start ? weekdayOf(wallClockIn(start, values.timeZone)) : undefined}
      />
      {field(
        'registrationFee',
        'Registration fee',
        { type: 'number', min: 0, step: 'any', inputMode: 'decimal' },
        'Leave empty or enter 0 for a free session.',
      )}
      {field(
        'seats',
        'Seats (optional)',
        { type: 'number', min: 1, step: 1, inputMode: 'numeric' },
        'Leave empty for no limit. When the seats are taken, students join a waiting list.',
      )}
      <ClassPlaceFields field={field} />
      <LabelledInput id={`${baseId}-tutorName`} label="Tutor name" value={tutorName} readOnly />
      <LabelledInput id={`${baseId}-tutorEmail`} label="Tutor email" type="email" value={tutorEmail} readOnly />
      <div className="sm:col-span-2">
        {created ? (
          <p role="status" className="mt-2 font-medium text-ink">
            “{created}” was created. {SESSION_PENDING}
          </p>
        ) : (
          <p className="mt-2 text-sm text-ink-muted">
            New sessions are sent for approval and stay pending until an admin approves them.
          </p>
        )}
        <OfflineReason id={offlineId} className="mt-2" />
        <button type="submit" className={`${PRIMARY_BUTTON} mt-3`} disabled={create.isPending} {...needsServer}>
          {create.isPending ? 'Creating…' : 'Create Session'}
        </button>
      </div>
    </form>
  )
}
