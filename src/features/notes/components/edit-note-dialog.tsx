import { useMutation } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import type { Note } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { untilStored } from '#shared/db/storage-faults'
import { useFormDraft } from '#shared/drafts/form-draft'
import { TEXT_LIMITS } from '#contract/limits'
import { DialogForm } from '#shared/ui/dialog-form'
import { useFieldProblems } from '#shared/ui/field-problems'
import { LabelledInput } from '#shared/ui/labelled-input'
import { LabelledTextarea } from '#shared/ui/labelled-textarea'
import { noteMutations } from '../api/note-mutations'
import { cleanNote, EDIT_NOTE_REQUIRED, noteProblems } from '../note-validation'
import { NOTE_STILL_SAVING } from './create-note-form'

/** Both texts, one after the other, for the student to cut down to one. */
function bothTexts(note: Note, theirs: Note) {
  const join = (a: string, b: string) => (a === b ? a : `${a}\n\n${b}`)
  return {
    title: note.title === theirs.title ? note.title : `${note.title} / ${theirs.title}`,
    description: join(note.description, theirs.description),
  }
}

/**
 * Edits a note; with `theirs` (the other device's version of a note changed on
 * two devices) it starts from both texts and saves the merge as the note.
 */
export function EditNoteDialog({ note, theirs, onClose }: { note: Note; theirs?: Note; onClose: () => void }) {
  // Unsaved edits are kept in this tab's session storage: opening the note again after a reload brings them back.
  const { draft, edit, clear } = useFormDraft(`note-${theirs ? 'merge' : 'edit'}:${note.email}:${note._id}`, () =>
    theirs ? bothTexts(note, theirs) : { title: note.title, description: note.description },
  )
  const { title, description } = draft
  // The write outlived the storage timeout: it may still be stored, so the dialog waits and says so.
  const [slow, setSlow] = useState(false)
  const update = useMutation(noteMutations.update())
  const resolve = useMutation(noteMutations.resolve())
  const save = (text: { title: string; description: string }) =>
    theirs
      ? resolve.mutateAsync({ id: note._id, email: note.email, resolution: { keep: 'merged', text } })
      : update.mutateAsync({ id: note._id, email: note.email, ...text })
  const titleRef = useRef<HTMLInputElement>(null)
  const ids = { title: useId(), description: useId() }
  const { formRef, show, field } = useFieldProblems<'title' | 'description'>((name) => ids[name])

  function check() {
    const clean = cleanNote({ title, description })
    if (!show(clean ? [] : noteProblems({ title, description }, EDIT_NOTE_REQUIRED)) || !clean) return null
    return async () => {
      setSlow(false)
      try {
        await untilStored(save(clean), () => setSlow(true))
      } finally {
        setSlow(false)
      }
      clear()
      onClose()
    }
  }

  function cancel() {
    clear()
    onClose()
  }

  return (
    <DialogForm
      title={theirs ? 'Merge the two versions' : 'Edit note'}
      initialFocusRef={titleRef}
      submitLabel={theirs ? 'Save merged note' : 'Save'}
      busyLabel={slow ? NOTE_STILL_SAVING : 'Saving…'}
      // Saved on this device first and synced later: it works offline.
      needsServer={false}
      formRef={formRef}
      onSubmit={check}
      failure={(error) => errorMessage(error)}
      onClose={cancel}
    >
      <LabelledInput
        ref={titleRef}
        id={ids.title}
        label="Title"
        value={title}
        onChange={(e) => edit({ title: e.target.value })}
        maxLength={TEXT_LIMITS.noteTitle}
        problem={field('title')}
      />
      <LabelledTextarea
        id={ids.description}
        label="Description"
        value={description}
        onChange={(e) => edit({ description: e.target.value })}
        rows={5}
        maxLength={TEXT_LIMITS.noteDescription}
        problem={field('description')}
      />
    </DialogForm>
  )
}
