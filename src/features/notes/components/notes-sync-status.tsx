// My Notes' sync status: how many of the student's changes have not reached
// the server yet, and how many notes wait for them to choose a version. Both
// count as unsent at logout, so the student sees them before that question.
import type { LocalNote } from '../db/note-tables'
import { NOTICE_BOX } from '#shared/ui/tone-classes'

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many.replace('{n}', String(n)))

export function NotesSyncStatus({ notes }: { notes: LocalNote[] }) {
  const conflicts = notes.filter((n) => n.conflict).length
  const waiting = notes.filter((n) => !n.conflict && n.pending && n.error === undefined).length
  return (
    <div role="status" className="mb-4 empty:hidden">
      {conflicts > 0 ? (
        <p className={`${NOTICE_BOX} text-sm font-medium`}>
          {plural(
            conflicts,
            '1 note was changed on two devices: choose which version to keep.',
            '{n} notes were changed on two devices: choose which version to keep.',
          )}
        </p>
      ) : null}
      {waiting > 0 ? (
        <p className="mt-2 text-sm text-ink-muted">
          {plural(waiting, '1 note is waiting to sync.', '{n} notes are waiting to sync.')}
        </p>
      ) : null}
    </div>
  )
}
