import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Session } from '../../../contract/entities'
import { errorMessage } from '../../../shared/api/api-error'
import { showAlert, showToast } from '../../../shared/ui/feedback'
import { ListState } from '../../workspace/components/page-heading'
import { StatusBadge } from '../../workspace/components/status-badge'
import { NEUTRAL_BUTTON, TABLE, TD, TH } from '../../workspace/components/ui-classes'
import { formatDateTime, formatFee } from '../../workspace/format'
import { tutorSessionQueries, useResubmitSession } from '../api/tutor-session-queries'
import { OfflineReason } from '../../offline/offline-reason'
import { useOnline } from '../../offline/use-online'

export const RESUBMIT_FAILED = 'Failed to resubmit session.'

export function MySessionsList({ email }: { email: string }) {
  const sessions = useQuery(tutorSessionQueries.byTutor(email))
  const resubmit = useResubmitSession()
  const online = useOnline()
  const offlineId = useId()
  // Server actions wait for a connection; the reason is read with each one.
  const needsServer = online ? {} : { disabled: true, 'aria-describedby': offlineId }

  async function onResubmit(session: Session) {
    try {
      const result = await resubmit.mutateAsync(session._id)
      if (result.modifiedCount > 0) showToast({ title: 'Session resubmitted for approval', icon: 'success' })
      else await showAlert({ title: RESUBMIT_FAILED, icon: 'error' })
    } catch (error) {
      await showAlert({ title: RESUBMIT_FAILED, text: errorMessage(error), icon: 'error' })
    }
  }

  if (sessions.isPending) return <ListState kind="loading">Loading sessions…</ListState>
  if (sessions.isError) return <ListState kind="error">{errorMessage(sessions.error)}</ListState>
  if (sessions.data.length === 0) return <ListState kind="empty">No sessions found.</ListState>

  return (
    <>
      <OfflineReason id={offlineId} className="mb-3" />
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className={TABLE}>
          <caption className="sr-only">My study sessions</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={TH}>
                Title
              </th>
              <th scope="col" className={TH}>
                Subject
              </th>
              <th scope="col" className={TH}>
                Class starts
              </th>
              <th scope="col" className={TH}>
                Fee
              </th>
              <th scope="col" className={TH}>
                Status
              </th>
              <th scope="col" className={TH}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {sessions.data.map((session) => (
              <tr key={session._id}>
                <td className={TD}>{session.title}</td>
                <td className={TD}>{session.subject}</td>
                <td className={TD}>{formatDateTime(session.classStart)}</td>
                <td className={TD}>{formatFee(session.registrationFee)}</td>
                <td className={TD}>
                  <StatusBadge status={session.status} />
                </td>
                <td className={TD}>
                  {session.status === 'rejected' ? (
                    <button
                      type="button"
                      className={NEUTRAL_BUTTON}
                      disabled={resubmit.isPending && resubmit.variables === session._id}
                      onClick={() => void onResubmit(session)}
                      {...needsServer}
                    >
                      Resubmit <span className="sr-only">{session.title}</span>
                    </button>
                  ) : (
                    <span className="text-slate-700">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
