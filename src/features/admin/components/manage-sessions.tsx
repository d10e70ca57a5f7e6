import { useMutation } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { Session } from '#contract/entities'
import { confirmDelete } from '#shared/ui/action-feedback'
import { formatDay } from '#shared/format/date-parts'
import { formatFee } from '#shared/format/number'
import { runAdminAction } from '../admin-action'
import { adminSessionMutations, adminSessionQueries } from '../api/admin-session-queries'
import { ApproveSessionDialog } from './approve-session-dialog'
import { ReviewTables } from './review-tables'
import { UpdateSessionDialog } from './update-session-dialog'

const COLUMNS = ['Title', 'Tutor', 'Subject', 'Registration ends', 'Fee']

function sessionCells(session: Session) {
  return [
    session.title,
    <>
      {session.tutorName}
      <span className="block text-xs text-ink-muted">{session.tutorEmail}</span>
    </>,
    session.subject,
    formatDay(session.registrationEnd),
    formatFee(session.registrationFee),
  ]
}

/**
 * classActions: what the tutor may do with the class too (Edit class, Cancel class); schedule: a course's meetings,
 * shown in the approve dialog; both put here by the route.
 */
export function ManageSessions({
  classActions,
  schedule,
}: {
  classActions?: (session: Session) => ReactNode
  schedule?: (session: Session) => ReactNode
}) {
  const approve = useMutation(adminSessionMutations.approve())
  const reject = useMutation(adminSessionMutations.reject())
  const update = useMutation(adminSessionMutations.update())
  const remove = useMutation(adminSessionMutations.remove())
  const [approving, setApproving] = useState<Session | null>(null)
  const [updating, setUpdating] = useState<Session | null>(null)

  async function onReject(session: Session) {
    await runAdminAction(() => reject.mutateAsync(session._id), 'Session rejected')
  }

  async function onDelete(session: Session) {
    const ok = await confirmDelete('Delete this session?', `“${session.title}” will be deleted for good.`)
    if (ok) await runAdminAction(() => remove.mutateAsync(session._id), 'Session deleted')
  }

  return (
    <ReviewTables
      noun="sessions"
      columns={COLUMNS}
      cells={sessionCells}
      pageQuery={adminSessionQueries.page}
      actionName={(session) => session.title}
      onApprove={setApproving}
      onReject={onReject}
      editLabel="Update"
      onEdit={setUpdating}
      onDelete={onDelete}
      moreActions={classActions}
    >
      {approving ? (
        <ApproveSessionDialog
          session={approving}
          schedule={schedule?.(approving)}
          onClose={() => setApproving(null)}
          onApprove={async ({ fee }) => {
            // The dialog already made a Free session's fee 0: the call sends exactly {fee}.
            const ok = await runAdminAction(() => approve.mutateAsync({ id: approving._id, fee }), 'Session approved')
            if (ok) setApproving(null)
            else throw new Error('not approved')
          }}
        />
      ) : null}
      {updating ? (
        <UpdateSessionDialog
          session={updating}
          onClose={() => setUpdating(null)}
          onSave={async (body) => {
            const ok = await runAdminAction(() => update.mutateAsync({ id: updating._id, ...body }), 'Session updated')
            if (ok) setUpdating(null)
            else throw new Error('not updated')
          }}
        />
      ) : null}
    </ReviewTables>
  )
}
