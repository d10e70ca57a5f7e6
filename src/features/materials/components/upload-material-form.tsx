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
import { FormProblem } from '#shared/ui/form-problem'
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

const LINK_FIELDS = { link: 'Link', driveLink: 'Drive link' } as const
/** The first link the servers would refuse, said in the form's words; null when both may be sent. */
function linksProblem(links: Record<keyof typeof LINK_FIELDS, string>): string | null {
  for (const field of Object.keys(LINK_FIELDS) as (keyof typeof LINK_FIELDS)[]) {
    const problem = linkProblem(links[field])
    if (problem) return `${LINK_FIELDS[field]} ${problem}.`
  }
  return null
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
  const [problem, setProblem] = useState<string | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const upload = useMutation(materialMutations.upload())
  const id = useId()
  const { offlineId, needsServer } = useServerGate()

  function onFile(picked: File | null) {
    const why = picked ? uploadProblem(picked) : null
    setProblem(why)
    setFile(why ? null : picked)
    // A refused file must not stay selected, or it could look accepted.
    if (why && fileRef.current) fileRef.current.value = ''
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!sessionId || !title.trim() || (!file && !link.trim() && !driveLink.trim())) {
      setProblem(UPLOAD_REQUIRED)
      return
    }
    const why = (file && uploadProblem(file)) ?? linksProblem({ link, driveLink })
    if (why) {
      setProblem(why)
      return
    }
    setProblem(null)
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
        <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4">
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
            >
              <option value="">Choose one of your approved sessions</option>
              {data.filter(isApproved).map((s) => (
                <option key={s._id} value={s._id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          <LabelledInput
            id={`${id}-title`}
            label="Title"
            value={title}
            onChange={(e) => edit({ title: e.target.value })}
            required
          />
          <LabelledTextarea
            id={`${id}-description`}
            label="Description (optional)"
            value={description}
            onChange={(e) => edit({ description: e.target.value })}
            rows={4}
          />
          <LabelledInput
            ref={fileRef}
            id={`${id}-file`}
            label="File"
            hint={`${ALLOWED_TYPES_LABEL}, up to ${MAX_UPLOAD_LABEL}.`}
            type="file"
            accept={UPLOAD_ACCEPT}
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
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
          />
          <LabelledInput
            id={`${id}-drive-link`}
            label="Drive link (optional)"
            hint="A shared Google Drive file or folder, https:// only."
            type="url"
            inputMode="url"
            maxLength={TEXT_LIMITS.url}
            value={driveLink}
            onChange={(e) => edit({ driveLink: e.target.value })}
          />
          <LabelledInput id={`${id}-email`} label="Tutor email" type="email" value={tutorEmail} readOnly />
          <FormProblem>{problem}</FormProblem>
          <OfflineReason id={offlineId} />
          <button type="submit" className={PRIMARY_BUTTON} disabled={upload.isPending} {...needsServer}>
            {upload.isPending ? 'Uploading…' : 'Upload Material'}
          </button>
        </form>
      )}
    </QueryState>
  )
}
