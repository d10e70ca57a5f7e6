import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { Session } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { runWithFeedback } from '#shared/ui/action-feedback'
import { DataTable, RowButton } from '#shared/ui/data-table'
import { QueryState } from '#shared/ui/query-state'
import { StatusBadge } from '#shared/ui/status-badge'
import { NEUTRAL_BUTTON } from '#shared/ui/ui-classes'
import { formatWhen } from '#shared/format/date'
import { formatFee } from '#shared/format/number'
import { useServerGate } from '#shared/offline/use-server-gate'
import { tutorSessionMutations, tutorSessionQueries } from '../api/tutor-session-queries'
import { ClassActions, classIsOpen } from './class-actions'
import { OfflineReason } from '#shared/offline/offline-reason'

const RESUBMIT_FAILED = 'Failed to resubmit session.'

export function MySessionsList({ email }: { email: string }) {
  const sessions = useQuery(tutorSessionQueries.byTutor(email))
  const resubmit = useMutation(tutorSessionMutations.resubmit())
  const { offlineId, needsServer } = useServerGate()

  async function onResubmit(session: Session) {
    await runWithFeedback(() => resubmit.mutateAsync(session._id), {
      worked: (result) => result.modifiedCount > 0,
      success: 'Session resubmitted for approval',
      failed: RESUBMIT_FAILED,
      reason: (error) => errorMessage(error),
    })
  }

  return (
    <QueryState
      query={sessions}
      loading="Loading sessions…"
      empty="No sessions found."
      isEmpty={(data) => data.length === 0}
    >
      {(data) => (
        <>
          <OfflineReason id={offlineId} className="mb-3" />
          <DataTable
            caption="My study sessions"
            columns={['Title', 'Subject', 'Class starts', 'Fee', 'Status', 'Actions']}
            rows={data}
            rowKey={(session) => session._id}
            cells={(session) => [
              <>
                {session.title}
                {session.cancelledAt && (
                  <span className="block text-xs font-medium text-danger">Cancelled: {session.cancelReason}</span>
                )}
              </>,
              session.subject,
              <>
                {formatWhen(session.classStart)}
                {session.location && <span className="block text-xs text-ink-muted">{session.location}</span>}
              </>,
              formatFee(session.registrationFee),
              <StatusBadge key="status" status={session.status} />,
              session.status === 'rejected' ? (
                <RowButton
                  key="actions"
                  name={session.title}
                  className={NEUTRAL_BUTTON}
                  disabled={resubmit.isPending && resubmit.variables === session._id}
                  onClick={() => void onResubmit(session)}
                  {...needsServer}
                >
                  Resubmit
                </RowButton>
              ) : session.status === 'approved' ? (
                <div key="actions" className="flex flex-wrap gap-2">
                  {classIsOpen(session) && <ClassActions session={session} />}
                  {/* Who booked, and attendance once the class starts. */}
                  <Link
                    to={`/dashboard/my-sessions/${session._id}/roster`}
                    className={`${NEUTRAL_BUTTON} inline-flex min-h-11 items-center`}
                  >
                    Roster <span className="sr-only">of {session.title}</span>
                  </Link>
                </div>
              ) : (
                <span key="actions" className="text-ink-muted">
                  —
                </span>
              ),
            ]}
          />
        </>
      )}
    </QueryState>
  )
}
