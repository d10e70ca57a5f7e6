import { useId, useRef, useState, type FormEvent } from 'react'
import type { Note } from '../../../contract/entities'
import { errorMessage } from '../../../shared/api/api-error'
import { ModalDialog } from '../../../shared/ui/modal-dialog'
import { ERROR_TEXT, INPUT, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../workspace/components/ui-classes'
import { useUpdateNote } from '../api/note-mutations'
import { cleanNote, EDIT_NOTE_REQUIRED } from '../note-validation'

export function EditNoteDialog({ note, onClose }: { note: Note; onClose: () => void }) {
  const [title, setTitle] = useState(note.title)
  const [description, setDescription] = useState(note.description)
  const [problem, setProblem] = useState<string | null>(null)
  const update = useUpdateNote()
  const titleRef = useRef<HTMLInputElement>(null)
  const ids = { title: useId(), description: useId() }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const clean = cleanNote({ title, description })
    if (!clean) {
      setProblem(EDIT_NOTE_REQUIRED)
      return
    }
    setProblem(null)
    try {
      await update.mutateAsync({ id: note._id, email: note.email, ...clean })
      onClose()
    } catch (error) {
      setProblem(errorMessage(error))
    }
  }

  return (
    <ModalDialog title="Edit note" onDismiss={onClose} initialFocusRef={titleRef}>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4 text-left">
        <div>
          <label htmlFor={ids.title} className={LABEL}>
            Title
          </label>
          <input
            ref={titleRef}
            id={ids.title}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor={ids.description} className={LABEL}>
            Description
          </label>
          <textarea
            id={ids.description}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={5}
            className={INPUT}
          />
        </div>
        {problem ? (
          <p role="alert" className={ERROR_TEXT}>
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={PRIMARY_BUTTON} disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
