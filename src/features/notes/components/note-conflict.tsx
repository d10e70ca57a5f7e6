// A note changed on two devices (docs/decisions/0060-note-revisions-and-conflicts.md):
// both versions side by side (stacked on a phone), and the four ways out.
// Nothing is sent until the student picks one, and until then both stay on
// this device.
import { useMutation } from '@tanstack/react-query'
import type { Note } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import type { LocalNote } from '../db/note-tables'
import { showAlert } from '#shared/ui/feedback'
import { NOTICE_BOX } from '#shared/ui/tone-classes'
import { DANGER_BUTTON, NEUTRAL_BUTTON } from '#shared/ui/ui-classes'
import { noteMutations } from '../api/note-mutations'
import type { Resolution } from '../offline/note-conflicts'

export const CHANGED_ON_BOTH = 'This note was changed on another device too. Choose what to keep.'
const DELETED_ELSEWHERE = 'This note was deleted on another device after you changed it here. Keep your version?'

function Version({ heading, note }: { heading: string; note: Pick<Note, 'title' | 'description'> | null }) {
  return (
    <section className="rounded border border-line p-3">
      <h3 className="text-sm font-semibold text-ink-muted">{heading}</h3>
      {note ? (
        <>
          <p className="mt-1 font-semibold text-ink">{note.title}</p>
          <p className="mt-1 whitespace-pre-wrap text-ink">{note.description}</p>
        </>
      ) : (
        <p className="mt-1 text-ink">Deleted</p>
      )}
    </section>
  )
}

export function NoteConflict({ note, onMerge }: { note: LocalNote; onMerge: (theirs: Note) => void }) {
  const resolve = useMutation(noteMutations.resolve())
  const theirs = note.conflict?.theirs ?? null

  async function keep(resolution: Resolution) {
    try {
      await resolve.mutateAsync({ id: note._id, email: note.email, resolution })
    } catch (error) {
      await showAlert({ title: 'Failed to keep your choice', text: errorMessage(error), icon: 'error' })
    }
  }

  const button = (label: string, about: string, resolution: Resolution, className = NEUTRAL_BUTTON) => (
    <button type="button" className={className} disabled={resolve.isPending} onClick={() => void keep(resolution)}>
      {label} <span className="sr-only">{about}</span>
    </button>
  )

  return (
    <div className="mt-2">
      <p className={`${NOTICE_BOX} text-sm font-medium`}>{theirs ? CHANGED_ON_BOTH : DELETED_ELSEWHERE}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Version heading="This device" note={note} />
        <Version heading="Other device" note={theirs} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {button('Keep this device’s version', `of ${note.title}`, { keep: 'mine' })}
        {theirs ? (
          <>
            {button('Keep the other version', `of ${note.title}`, { keep: 'theirs' })}
            {button('Keep both', `versions of ${note.title} as two notes`, { keep: 'both' })}
            <button type="button" className={NEUTRAL_BUTTON} onClick={() => onMerge(theirs)}>
              Merge <span className="sr-only">the versions of {note.title}</span>
            </button>
          </>
        ) : (
          button('Let it go', `: delete ${note.title}`, { keep: 'theirs' }, DANGER_BUTTON)
        )}
      </div>
    </div>
  )
}
