import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { ApiError, errorMessage } from '#shared/api/api-error'
import type { Note } from '#contract/entities'
import { confirmDialog, showAlert, showToast } from '#shared/ui/feedback'
import { AnimatedList } from '#shared/ui/animated-list'
import type { DeleteUndo } from '../offline/note-outbox'
import { useOnline } from '#shared/offline/use-online'
import { useOwnOfflineNotice } from '#shared/offline/own-offline-notice'
import { confirmDelete, runWithFeedback } from '#shared/ui/action-feedback'
import { ListState } from '#shared/ui/list-state'
import { DANGER_BUTTON, NEUTRAL_BUTTON } from '#shared/ui/ui-classes'
import { formatDateTime } from '#shared/format/date'
import { queryKeys } from '#shared/api/query-keys'
import { noteMutations } from '../api/note-mutations'
import { noteQueries } from '../api/note-queries'
import type { LocalNote } from '../db/note-tables'
import { subscribeOutboxSync } from '#shared/offline/outbox-sync'
import { EditNoteDialog } from './edit-note-dialog'
import { NoteConflict } from './note-conflict'
import { NotesSyncStatus } from './notes-sync-status'
import { TONE } from '#shared/ui/tone-classes'

const WAITING_TO_SYNC = 'Waiting to sync'

const FAILED_WHAT: Record<NonNullable<LocalNote['pending']>, string> = {
  create: 'The server did not accept this note',
  update: 'The server did not accept this edit',
  delete: 'The server did not accept deleting this note',
}

function NoteSyncState({ note }: { note: LocalNote }) {
  if (note.error !== undefined) {
    return (
      <p className={`mt-2 rounded border border-danger-ink/40 p-2 text-sm font-medium ${TONE.danger}`}>
        {FAILED_WHAT[note.pending ?? 'update']}: {note.error}
      </p>
    )
  }
  if (!note.pending) return null
  return (
    <p className={`mt-2 inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs font-semibold ${TONE.warn}`}>
      <span aria-hidden="true">⟳</span> {WAITING_TO_SYNC}
    </p>
  )
}

export function MyNotesList({ email }: { email: string }) {
  // The server's list is merged into the device's notes; the screen shows the device's (../api/note-queries.ts).
  const server = useQuery(noteQueries.byStudent(email))
  const device = useQuery(noteQueries.onDevice(email))
  const local = device.data
  const online = useOnline()
  const queryClient = useQueryClient()
  const remove = useMutation(noteMutations.remove())
  const undoRemove = useMutation(noteMutations.undoRemove())
  const retry = useMutation(noteMutations.retry())
  const discard = useMutation(noteMutations.discard())
  const [editing, setEditing] = useState<{ note: LocalNote; theirs?: Note } | null>(null)

  // Sent or refused writes change what the server holds: fetch its list again.
  useEffect(
    () => subscribeOutboxSync(() => void queryClient.invalidateQueries({ queryKey: queryKeys.notes.all })),
    [queryClient],
  )

  async function onDelete(note: LocalNote) {
    if (!(await confirmDelete('Delete this note?', `“${note.title}” will be deleted for good.`))) return
    // Resolves once the delete is stored on the device; the outbox sends it once its Undo's time is up.
    await runWithFeedback(() => remove.mutateAsync({ id: note._id, email }), {
      worked: () => true,
      success: 'Note deleted',
      failed: 'Failed to delete the note',
      reason: (error) => errorMessage(error),
      undo: (undo) => () => void onUndoDelete(undo),
    })
  }

  async function onUndoDelete(undo: DeleteUndo | undefined) {
    if (!undo) return
    try {
      if (await undoRemove.mutateAsync({ undo, email })) showToast({ title: 'Note restored', icon: 'success' })
      else
        await showAlert({
          title: 'Too late to undo',
          text: 'The delete has gone out to the server already.',
          icon: 'info',
        })
    } catch (error) {
      await showAlert({ title: 'Failed to restore the note', text: errorMessage(error), icon: 'error' })
    }
  }

  async function onDiscard(note: LocalNote) {
    const ok = await confirmDialog({
      title: 'Discard this change?',
      text:
        note.pending === 'create'
          ? `“${note.title}” never reached the server and will be removed from this device.`
          : `Your unsent change to “${note.title}” will be dropped; the server's copy stays.`,
      confirmLabel: 'Discard',
      danger: true,
    })
    if (!ok) return
    try {
      await discard.mutateAsync({ id: note._id })
    } catch (error) {
      await showAlert({ title: 'Failed to discard the change', text: errorMessage(error), icon: 'error' })
    }
  }

  async function onRetry(note: LocalNote) {
    try {
      await retry.mutateAsync({ id: note._id, email })
    } catch (error) {
      await showAlert({ title: 'Failed to retry', text: errorMessage(error), icon: 'error' })
    }
  }

  // No answer at all is being offline, not a fault worth an alert: the device's notes show.
  const serverFault = server.isError && !(server.error instanceof ApiError && server.error.isNetworkError)
  const showingSaved = local !== undefined && (!online || server.isError)
  useOwnOfflineNotice(showingSaved)
  // The device could not be read (a storage fault): said at once, as the layout does.
  if (device.isError) return <ListState kind="error">{errorMessage(device.error)}</ListState>
  // Nothing on the device yet: the server's first answer is worth waiting for, but only while it can come.
  if (local === undefined || (local.length === 0 && server.isPending && online)) {
    return <ListState kind="loading">Loading notes…</ListState>
  }
  if (local.length === 0 && serverFault) return <ListState kind="error">{errorMessage(server.error)}</ListState>

  return (
    <>
      {serverFault ? <ListState kind="error">{errorMessage(server.error)}</ListState> : null}
      {showingSaved ? (
        <p role="status" className="mb-4 text-sm text-ink-muted">
          Showing the notes saved on this device. Changes sync when you are back online.
        </p>
      ) : null}
      <NotesSyncStatus notes={local} />
      {local.length === 0 ? (
        <ListState kind="empty">You have no notes.</ListState>
      ) : (
        <AnimatedList
          items={local}
          keyOf={(note) => note._id}
          className="grid gap-4 sm:grid-cols-2"
          itemClassName="rounded-lg border border-line bg-surface p-4 shadow-sm"
        >
          {(note) => (
            <>
              <h2 className="text-lg font-semibold text-ink">{note.title}</h2>
              <p className="mt-1 text-xs text-ink-muted">{formatDateTime(note.updatedAt ?? note.createdAt)}</p>
              {note.conflict ? (
                <NoteConflict note={note} onMerge={(theirs) => setEditing({ note, theirs })} />
              ) : (
                <>
                  <NoteSyncState note={note} />
                  <p className="mt-2 whitespace-pre-wrap text-ink">{note.description}</p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    {note.error !== undefined ? (
                      <>
                        <button type="button" className={NEUTRAL_BUTTON} onClick={() => void onRetry(note)}>
                          Retry <span className="sr-only">{note.title}</span>
                        </button>
                        <button type="button" className={DANGER_BUTTON} onClick={() => void onDiscard(note)}>
                          Discard <span className="sr-only">change to {note.title}</span>
                        </button>
                      </>
                    ) : null}
                    {note.pending !== 'delete' ? (
                      <>
                        <button type="button" className={NEUTRAL_BUTTON} onClick={() => setEditing({ note })}>
                          Edit <span className="sr-only">{note.title}</span>
                        </button>
                        <button type="button" className={DANGER_BUTTON} onClick={() => void onDelete(note)}>
                          Delete <span className="sr-only">{note.title}</span>
                        </button>
                      </>
                    ) : null}
                  </div>
                </>
              )}
            </>
          )}
        </AnimatedList>
      )}
      {editing ? <EditNoteDialog note={editing.note} theirs={editing.theirs} onClose={() => setEditing(null)} /> : null}
    </>
  )
}
