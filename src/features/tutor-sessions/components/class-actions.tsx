// Edit class and Cancel class (docs/product.md#screens) on a session the tutor or an admin runs: an approved
// session whose class has not started and was not cancelled. Its dialogs load only when opened. My Sessions shows
// them on the tutor's rows; the admin's Manage Sessions takes them from its route.
import { useMutation } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import type { Session } from '#contract/entities'
import { runWithFeedback } from '#shared/ui/action-feedback'
import { RowButton } from '#shared/ui/data-table'
import { DANGER_BUTTON, NEUTRAL_BUTTON } from '#shared/ui/ui-classes'
import { useServerGate } from '#shared/offline/use-server-gate'
import { tutorSessionMutations } from '../api/tutor-session-queries'

const EditClassDialog = lazy(() => import('./edit-class-dialog'))
const CancelClassDialog = lazy(() => import('./cancel-class-dialog'))

/** Whether the class can still be moved or cancelled at `now` (the server says so again). */
export function classIsOpen(session: Session, now: number = Date.now()): boolean {
  return session.status === 'approved' && !session.cancelledAt && Date.parse(session.classStart) > now
}

export function ClassActions({ session }: { session: Session }) {
  const [open, setOpen] = useState<'edit' | 'cancel' | null>(null)
  const update = useMutation(tutorSessionMutations.updateClass())
  const cancel = useMutation(tutorSessionMutations.cancelClass())
  const { needsServer } = useServerGate()
  if (!classIsOpen(session)) return null
  const close = () => setOpen(null)
  // The dialog stays open (and says nothing more) when the call failed: the alert said why.
  const keepOpenUnless = (done: boolean) => {
    if (!done) throw new Error('not done')
    close()
  }

  return (
    <>
      <RowButton name={session.title} className={NEUTRAL_BUTTON} onClick={() => setOpen('edit')} {...needsServer}>
        Edit class
      </RowButton>
      <RowButton name={session.title} className={DANGER_BUTTON} onClick={() => setOpen('cancel')} {...needsServer}>
        Cancel class
      </RowButton>
      <Suspense fallback={null}>
        {open === 'edit' && (
          <EditClassDialog
            session={session}
            onClose={close}
            onSave={async (body) => {
              let done = false
              await runWithFeedback(() => update.mutateAsync({ id: session._id, ...body }), {
                worked: (result) => {
                  done = result.modifiedCount > 0
                  return done
                },
                success: 'Class updated. Its students are told.',
                failed: 'Failed to update the class.',
              })
              keepOpenUnless(done)
            }}
          />
        )}
        {open === 'cancel' && (
          <CancelClassDialog
            session={session}
            onClose={close}
            onCancelClass={async (reason) => {
              let done = false
              await runWithFeedback(() => cancel.mutateAsync({ id: session._id, reason }), {
                worked: (result) => {
                  done = result.success
                  return done
                },
                success: ({ cancelledBookings: n }) =>
                  `Class cancelled. ${n} ${n === 1 ? 'booking was' : 'bookings were'} cancelled and told.`,
                failed: 'Failed to cancel the class.',
              })
              keepOpenUnless(done)
            }}
          />
        )}
      </Suspense>
    </>
  )
}
