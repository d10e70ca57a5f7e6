import { useId, useState, type FormEvent } from 'react'
import { errorMessage } from '../../../shared/api/api-error'
import { showAlert, showToast } from '../../../shared/ui/feedback'
import { isBrowserOnline } from '../../offline/use-online'
import { FormProblem } from '../../workspace/components/form-problem'
import { LabelledInput } from '../../workspace/components/labelled-input'
import { LabelledTextarea } from '../../workspace/components/labelled-textarea'
import { PRIMARY_BUTTON } from '../../workspace/components/ui-classes'
import { useCreateNote } from '../api/note-mutations'
import { cleanNote, CREATE_NOTE_REQUIRED } from '../note-validation'

export const NOTE_SAVED_OFFLINE = 'Note saved on this device. It will sync when you are back online.'

export function CreateNoteForm({ email }: { email: string }) {
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const create = useCreateNote()
  const ids = { email: useId(), title: useId(), description: useId(), error: useId() }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const note = cleanNote({ title, description })
    if (!note) {
      setProblem(CREATE_NOTE_REQUIRED)
      return
    }
    setProblem(null)
    try {
      await create.mutateAsync({ ...note, email })
      setTitle('')
      setDescription('')
      // Stored on the device either way; offline, say that it has not reached the server yet.
      showToast({ title: isBrowserOnline() ? 'Note saved' : NOTE_SAVED_OFFLINE, icon: 'success' })
    } catch (error) {
      await showAlert({ title: 'Failed to save the note', text: errorMessage(error), icon: 'error' })
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="max-w-xl space-y-4"
      aria-describedby={problem ? ids.error : undefined}
    >
      <LabelledInput id={ids.email} label="Email" type="email" value={email} readOnly />
      <LabelledInput
        id={ids.title}
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        aria-invalid={problem && !title.trim() ? true : undefined}
      />
      <LabelledTextarea
        id={ids.description}
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        rows={6}
        required
        aria-invalid={problem && !description.trim() ? true : undefined}
      />
      <FormProblem id={ids.error}>{problem}</FormProblem>
      <button type="submit" className={PRIMARY_BUTTON} disabled={create.isPending}>
        {create.isPending ? 'Saving…' : 'Create Note'}
      </button>
    </form>
  )
}
