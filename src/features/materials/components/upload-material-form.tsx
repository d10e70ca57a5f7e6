import { useMutation, type UseQueryResult } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'
import type { Session } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { useFormDraft } from '#shared/drafts/form-draft'
import { ALLOWED_TYPES_LABEL, MAX_UPLOAD_LABEL, uploadProblem } from '#contract/uploads'
import { TEXT_LIMITS } from '#contract/limits'
import { linkProblem } from '#contract/links'
import { UPLOAD_ACCEPT } from '#shared/safety/file-safety'
import { showAlert, showToast } from '#shared/ui/feedback'
import { errorIdOf, FieldError, fieldAttributes, useFieldProblems, type FieldProblem } from '#shared/ui/field-problems'
import { LabelledInput } from '#shared/ui/labelled-input'
import { LabelledTextarea } from '#shared/ui/labelled-textarea'
import { QueryState } from '#shared/ui/query-state'
import { INPUT, LABEL, PRIMARY_BUTTON } from '#shared/ui/ui-classes'
import { useServerGate } from '#shared/offline/use-server-gate'
import { materialMutations } from '../api/material-mutations'
import { OfflineReason } from '#shared/offline/offline-reason'

const UPLOAD_REJECTED = 'Upload failed. Try again.'
const UPLOAD_FAILED = 'Failed to upload material'
export const UPLOAD_REQUIRED = 'Please choose a session, enter a title and pick a file or give a link.'

type Field = 'session' | 'title' | 'file' | 'link' | 'driveLink'
const LINK_FIELDS = { link: 'Link', driveLink: 'Drive link' } as const
/** Each link the servers would refuse, said in the form's words beside it. */
function linkProblems(links: Record<keyof typeof LINK_FIELDS, string>): FieldProblem<Field>[] {
  return (Object.keys(LINK_FIELDS) as (keyof typeof LINK_FIELDS)[]).flatMap((field) => {
    const problem = linkProblem(links[field])
    return problem ? [{ message: `${LINK_FIELDS[field]} ${problem}.`, fields: [field] }] : []
  })
}

const isApproved = (session: Session) => session.status === 'approved'
const emptyUpload = () => ({ sessionId: '', title: '', description: '', link: '', driveLink: '' })
// A chosen session alone is no text to lose.
const hasText = (draft: ReturnType<typeof emptyUpload>) =>
  draft.title !== '' || draft.description !== '' || draft.link !== '' || draft.driveLink !== ''

export function UploadMaterialForm({
  tutorEmail,
  sessions,
}: {
  tutorEmail: string
  /** The tutor's sessions (the route reads them from tutor-sessions); materials go to the approved ones. */
  sessions: UseQueryResult<Session[]>
}) {
  // The fields but the file are kept in this tab's session storage until uploaded (a reload keeps them).
  const { draft, edit, clear } = useFormDraft(`material-upload:${tutorEmail}`, emptyUpload, { hasText })
  const { sessionId, title, description, link, driveLink } = draft
  const [file, setFile] = useState<File | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const upload = useMutation(materialMutations.upload())
  const id = useId()
  const { formRef, show, field } = useFieldProblems<Field>((name) => `${id}-${name}`)
  const { offlineId, needsServer } = useServerGate()

  function onFile(picked: File | null) {
    const why = picked ? uploadProblem(picked) : null
    show(why ? [{ message: why, fields: ['file'] }] : [])
    setFile(why ? null : picked)
    // A refused file must not stay selected, or it could look accepted.
    if (why && fileRef.current) fileRef.current.value = ''
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const missing: Field[] = [
      ...(sessionId ? [] : (['session'] as const)),
      ...(title.trim() ? [] : (['title'] as const)),
      ...(file || link.trim() || driveLink.trim() ? [] : (['file'] as const)),
    ]
    const fileProblem = file && uploadProblem(file)
    const problems = [
      ...(missing.length > 0 ? [{ message: UPLOAD_REQUIRED, fields: missing }] : []),
      ...(fileProblem ? [{ message: fileProblem, fields: ['file' as const] }] : []),
      ...linkProblems({ link, driveLink }),
    ]
    if (!show(problems)) return
    try {
      const result = await upload.mutateAsync({
        sessionId,
        title: title.trim(),
        description: description.trim(),
        tutorEmail,
        file: file ?? undefined,
        link: link.trim() || undefined,
        driveLink: driveLink.trim() || undefined,
      })
      if (!result.success) {
        await showAlert({ title: UPLOAD_REJECTED, text: result.message, icon: 'error' })
        return
      }
      // The next material is most likely for the same session.
      clear()
      edit({ sessionId })
      setFile(null)
      if (fileRef.current) fileRef.current.value = ''
      showToast({ title: 'Material uploaded. It will be visible once an admin approves it.', icon: 'success' })
    } catch (error) {
      await showAlert({ title: UPLOAD_FAILED, text: errorMessage(error), icon: 'error' })
    }
  }

  return (
    <QueryState
      query={sessions}
      loading="Loading your sessions…"
      empty="You have no approved sessions yet. Materials can be added once a session is approved."
      isEmpty={(data) => !data.some(isApproved)}
    >
      {(data) => (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="max-w-xl space-y-4">
          <div>
            <label htmlFor={`${id}-session`} className={LABEL}>
              Session
            </label>
            <select
              id={`${id}-session`}
              value={sessionId}
              onChange={(e) => edit({ sessionId: e.target.value })}
              className={INPUT}
              required
              {...fieldAttributes(field('session'), [])}
            >
              <option value="">Choose one of your approved sessions</option>
              {data.filter(isApproved).map((s) => (
                <option key={s._id} value={s._id}>
                  {s.title}
                </option>
              ))}
            </select>
            <FieldError id={errorIdOf(`${id}-session`)}>{field('session').error}</FieldError>
          </div>
          <LabelledInput
            id={`${id}-title`}
            label="Title"
            value={title}
            onChange={(e) => edit({ title: e.target.value })}
            required
            maxLength={TEXT_LIMITS.materialTitle}
            problem={field('title')}
          />
          <LabelledTextarea
            id={`${id}-description`}
            label="Description (optional)"
            value={description}
            onChange={(e) => edit({ description: e.target.value })}
            rows={4}
            maxLength={TEXT_LIMITS.materialDescription}
          />
          <LabelledInput
            ref={fileRef}
            id={`${id}-file`}
            label="File"
            hint={`${ALLOWED_TYPES_LABEL}, up to ${MAX_UPLOAD_LABEL}.`}
            type="file"
            accept={UPLOAD_ACCEPT}
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
            problem={field('file')}
          />
          <LabelledInput
            id={`${id}-link`}
            label="Link (optional)"
            hint="A page for the students, https:// only."
            type="url"
            inputMode="url"
            maxLength={TEXT_LIMITS.url}
            value={link}
            onChange={(e) => edit({ link: e.target.value })}
            problem={field('link')}
          />
          <LabelledInput
            id={`${id}-driveLink`}
            label="Drive link (optional)"
            hint="A shared Google Drive file or folder, https:// only."
            type="url"
            inputMode="url"
            maxLength={TEXT_LIMITS.url}
            value={driveLink}
            onChange={(e) => edit({ driveLink: e.target.value })}
            problem={field('driveLink')}
          />
          <LabelledInput id={`${id}-email`} label="Tutor email" type="email" value={tutorEmail} readOnly />
          <OfflineReason id={offlineId} />
          <button type="submit" className={PRIMARY_BUTTON} disabled={upload.isPending} {...needsServer}>
            {upload.isPending ? 'Uploading…' : 'Upload Material'}
          </button>
        </form>
      )}
    </QueryState>
  )
}
