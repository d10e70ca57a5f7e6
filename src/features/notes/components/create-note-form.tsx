import { useMutation } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { TEXT_LIMITS } from '#contract/limits'
import { errorMessage } from '#shared/api/api-error'
import { untilStored } from '#shared/db/storage-faults'
import { useFormDraft } from '#shared/drafts/form-draft'
import { showAlert, showToast } from '#shared/ui/feedback'
import { isBrowserOnline } from '#shared/offline/use-online'
import { useFieldProblems } from '#shared/ui/field-problems'
import { LabelledInput } from '#shared/ui/labelled-input'
import { LabelledTextarea } from '#shared/ui/labelled-textarea'
import { PRIMARY_BUTTON } from '#shared/ui/ui-classes'
import { noteMutations } from '../api/note-mutations'
import { cleanNote, CREATE_NOTE_REQUIRED, noteProblems } from '../note-validation'
import { newNoteId } from '../offline/note-outbox'

const NOTE_SAVED_OFFLINE = 'Note saved on this device. It will sync when you are back online.'
export const NOTE_STILL_SAVING = 'Still saving…'

interface NoteDraft {
  /** The note's id, minted once per draft: submitting the draft again is the same note, never a second one. */
  id: string
  title: string
  description: string
}

const emptyDraft = (): NoteDraft => ({ id: newNoteId(), title: '', description: '' })
// The id alone is no text to lose.
const hasText = (draft: NoteDraft) => draft.title !== '' || draft.description !== ''

export function CreateNoteForm({ email }: { email: string }) {
  // Kept in this tab's session storage until submitted, id included: after a
  // reload, submitting it again is still the same note.
  const { draft, latest, edit, clear } = useFormDraft(`note-create:${email}`, emptyDraft, { hasText })
  // Submits of this draft whose write outlived the storage timeout and may still be stored.
  const [slow, setSlow] = useState(0)
  const create = useMutation(noteMutations.create())
  const ids = { email: useId(), title: useId(), description: useId() }
  const { formRef, show, field } = useFieldProblems<'title' | 'description'>((name) => ids[name])
  const { title, description } = draft

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const note = cleanNote({ title, description })
    if (!show(note ? [] : noteProblems({ title, description }, CREATE_NOTE_REQUIRED)) || !note) return
    const submitted = draft
    let wasSlow = false
    try {
      await untilStored(create.mutateAsync({ ...note, email, id: submitted.id }), () => {
        wasSlow = true
        setSlow((n) => n + 1)
      })
      // An earlier submit of this draft may have finished it already: say "saved" once.
      if (latest().id !== submitted.id) return
      // Text typed while a slow write ran stays, with the same id: submitting it updates this note.
      if (latest() === submitted) clear()
      // Stored on the device either way; offline, say that it has not reached the server yet.
      showToast({ title: isBrowserOnline() ? 'Note saved' : NOTE_SAVED_OFFLINE, icon: 'success' })
    } catch (error) {
      await showAlert({ title: 'Failed to save the note', text: errorMessage(error), icon: 'error' })
    } finally {
      if (wasSlow) setSlow((n) => n - 1)
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="max-w-xl space-y-4">
      <LabelledInput id={ids.email} label="Email" type="email" value={email} readOnly />
      <LabelledInput
        id={ids.title}
        label="Title"
        value={title}
        onChange={(e) => edit({ title: e.target.value })}
        required
        maxLength={TEXT_LIMITS.noteTitle}
        problem={field('title')}
      />
      <LabelledTextarea
        id={ids.description}
        label="Description"
        value={description}
        onChange={(e) => edit({ description: e.target.value })}
        rows={6}
        required
        maxLength={TEXT_LIMITS.noteDescription}
        problem={field('description')}
      />
      {/* A slow write may still be stored; pressing again is safe (same note id), so the button stays usable. */}
      <p role="status" className="text-sm text-ink-muted">
        {slow > 0 ? NOTE_STILL_SAVING : ''}
      </p>
      <button type="submit" className={PRIMARY_BUTTON} disabled={create.isPending}>
        {create.isPending ? 'Saving…' : 'Create Note'}
      </button>
    </form>
  )
}
