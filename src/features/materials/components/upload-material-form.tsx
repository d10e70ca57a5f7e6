import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'
import { errorMessage } from '../../../shared/api/api-error'
import { ALLOWED_TYPES_LABEL, MAX_UPLOAD_LABEL, UPLOAD_ACCEPT, uploadProblem } from '../../../shared/safety/file-safety'
import { showAlert, showToast } from '../../../shared/ui/feedback'
import { tutorSessionQueries } from '../../tutor-sessions/api/tutor-session-queries'
import { ListState } from '../../workspace/components/page-heading'
import { ERROR_TEXT, INPUT, LABEL, PRIMARY_BUTTON } from '../../workspace/components/ui-classes'
import { useUploadMaterial } from '../api/material-mutations'
import { OfflineReason } from '../../offline/offline-reason'
import { useOnline } from '../../offline/use-online'

export const UPLOAD_REJECTED = 'Upload failed. Try again.'
export const UPLOAD_FAILED = 'Failed to upload material'
export const UPLOAD_REQUIRED = 'Please choose a session, enter a title and pick a file.'

export function UploadMaterialForm({ tutorEmail }: { tutorEmail: string }) {
  const sessions = useQuery(tutorSessionQueries.byTutor(tutorEmail))
  const approved = sessions.data?.filter((s) => s.status === 'approved') ?? []
  const [sessionId, setSessionId] = useState('')
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const upload = useUploadMaterial()
  const id = useId()
  const online = useOnline()
  const offlineId = useId()
  // Server actions wait for a connection; the reason is read with each one.
  const needsServer = online ? {} : { disabled: true, 'aria-describedby': offlineId }

  function onFile(picked: File | null) {
    const why = picked ? uploadProblem(picked) : null
    setProblem(why)
    setFile(why ? null : picked)
    // A refused file must not stay selected, or it could look accepted.
    if (why && fileRef.current) fileRef.current.value = ''
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!sessionId || !title.trim() || !file) {
      setProblem(UPLOAD_REQUIRED)
      return
    }
    const why = uploadProblem(file)
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
        file,
      })
      if (!result.success) {
        await showAlert({ title: UPLOAD_REJECTED, text: result.message, icon: 'error' })
        return
      }
      setTitle('')
      setDescription('')
      setFile(null)
      if (fileRef.current) fileRef.current.value = ''
      showToast({ title: 'Material uploaded. It will be visible once an admin approves it.', icon: 'success' })
    } catch (error) {
      await showAlert({ title: UPLOAD_FAILED, text: errorMessage(error), icon: 'error' })
    }
  }

  if (sessions.isPending) return <ListState kind="loading">Loading your sessions…</ListState>
  if (sessions.isError) return <ListState kind="error">{errorMessage(sessions.error)}</ListState>
  if (approved.length === 0)
    return (
      <ListState kind="empty">
        You have no approved sessions yet. Materials can be added once a session is approved.
      </ListState>
    )

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4">
      <div>
        <label htmlFor={`${id}-session`} className={LABEL}>
          Session
        </label>
        <select
          id={`${id}-session`}
          value={sessionId}
          onChange={(e) => setSessionId(e.target.value)}
          className={INPUT}
          required
        >
          <option value="">Choose one of your approved sessions</option>
          {approved.map((s) => (
            <option key={s._id} value={s._id}>
              {s.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-title`} className={LABEL}>
          Title
        </label>
        <input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} className={INPUT} required />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={LABEL}>
          Description (optional)
        </label>
        <textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={4}
          className={INPUT}
        />
      </div>
      <div>
        <label htmlFor={`${id}-file`} className={LABEL}>
          File
        </label>
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept={UPLOAD_ACCEPT}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          className={INPUT}
          aria-describedby={`${id}-file-hint`}
          required
        />
        <p id={`${id}-file-hint`} className="mt-1 text-xs text-slate-700">
          {ALLOWED_TYPES_LABEL}, up to {MAX_UPLOAD_LABEL}.
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-email`} className={LABEL}>
          Tutor email
        </label>
        <input id={`${id}-email`} type="email" value={tutorEmail} readOnly className={INPUT} />
      </div>
      {problem ? (
        <p role="alert" className={ERROR_TEXT}>
          {problem}
        </p>
      ) : null}
      <OfflineReason id={offlineId} />
      <button type="submit" className={PRIMARY_BUTTON} disabled={upload.isPending} {...needsServer}>
        {upload.isPending ? 'Uploading…' : 'Upload Material'}
      </button>
    </form>
  )
}
