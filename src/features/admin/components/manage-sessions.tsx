import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Session } from '../../../contract/entities'
import { errorMessage } from '../../../shared/api/api-error'
import { confirmDialog } from '../../../shared/ui/feedback'
import { ListState } from '../../workspace/components/page-heading'
import { Pager, useClampedPage } from '../../workspace/components/pager'
import { StatusBadge } from '../../workspace/components/status-badge'
import { APPROVE_BUTTON, DANGER_BUTTON, NEUTRAL_BUTTON, TABLE, TD, TH } from '../../workspace/components/ui-classes'
import { formatDate, formatFee } from '../../workspace/format'
import { runAdminAction } from '../admin-action'
import {
  adminSessionQueries,
  useApproveSession,
  useDeleteSession,
  useRejectSession,
  useUpdateSession,
} from '../api/admin-session-queries'
import { ApproveSessionDialog } from './approve-session-dialog'
import { UpdateSessionDialog } from './update-session-dialog'
import { OfflineReason } from '../../offline/offline-reason'
import { useOnline } from '../../offline/use-online'

export const PAGE_SIZE = 10

function SessionHead({ withStatus }: { withStatus?: boolean }) {
  return (
    <thead className="bg-slate-50">
      <tr>
        <th scope="col" className={TH}>
          Title
        </th>
        <th scope="col" className={TH}>
          Tutor
        </th>
        <th scope="col" className={TH}>
          Subject
        </th>
        <th scope="col" className={TH}>
          Registration ends
        </th>
        <th scope="col" className={TH}>
          Fee
        </th>
        {withStatus ? (
          <th scope="col" className={TH}>
            Status
          </th>
        ) : null}
        <th scope="col" className={TH}>
          Actions
        </th>
      </tr>
    </thead>
  )
}

function SessionCells({ session }: { session: Session }) {
  return (
    <>
      <td className={TD}>{session.title}</td>
      <td className={TD}>
        {session.tutorName}
        <span className="block text-xs text-slate-700">{session.tutorEmail}</span>
      </td>
      <td className={TD}>{session.subject}</td>
      <td className={TD}>{formatDate(session.registrationEnd)}</td>
      <td className={TD}>{formatFee(session.registrationFee)}</td>
    </>
  )
}

export function ManageSessions() {
  const [pendingPage, setPendingPage] = useState(1)
  const [allPage, setAllPage] = useState(1)
  const pending = useQuery(adminSessionQueries.page(pendingPage, PAGE_SIZE, 'pending'))
  const all = useQuery(adminSessionQueries.page(allPage, PAGE_SIZE))
  const online = useOnline()
  const offlineId = useId()
  // Server actions wait for a connection; the reason is read with each one.
  const needsServer = online ? {} : { disabled: true, 'aria-describedby': offlineId }
  useClampedPage(pendingPage, setPendingPage, pending.data?.total, PAGE_SIZE)
  useClampedPage(allPage, setAllPage, all.data?.total, PAGE_SIZE)
  const approve = useApproveSession()
  const reject = useRejectSession()
  const update = useUpdateSession()
  const remove = useDeleteSession()
  const [approving, setApproving] = useState<Session | null>(null)
  const [updating, setUpdating] = useState<Session | null>(null)

  async function onReject(session: Session) {
    await runAdminAction(() => reject.mutateAsync(session._id), 'Session rejected')
  }

  async function onDelete(session: Session) {
    const ok = await confirmDialog({
      title: 'Delete this session?',
      text: `“${session.title}” will be deleted for good.`,
      confirmLabel: 'Delete',
      danger: true,
    })
    if (ok) await runAdminAction(() => remove.mutateAsync(session._id), 'Session deleted')
  }

  return (
    <div className="space-y-10">
      <OfflineReason id={offlineId} />
      <section aria-labelledby="pending-sessions-heading">
        <h2 id="pending-sessions-heading" className="mb-3 text-xl font-semibold text-slate-900">
          Pending sessions
        </h2>
        {pending.isPending ? (
          <ListState kind="loading">Loading sessions…</ListState>
        ) : pending.isError ? (
          <ListState kind="error">{errorMessage(pending.error)}</ListState>
        ) : pending.data.total === 0 ? (
          <ListState kind="empty">No pending sessions.</ListState>
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className={TABLE}>
                <caption className="sr-only">Pending sessions</caption>
                <SessionHead />
                <tbody className="divide-y divide-slate-100">
                  {pending.data.items.map((session) => (
                    <tr key={session._id}>
                      <SessionCells session={session} />
                      <td className={TD}>
                        <div className="flex gap-2">
                          <button
                            type="button"
                            className={APPROVE_BUTTON}
                            onClick={() => setApproving(session)}
                            {...needsServer}
                          >
                            Approve <span className="sr-only">{session.title}</span>
                          </button>
                          <button
                            type="button"
                            className={DANGER_BUTTON}
                            onClick={() => void onReject(session)}
                            {...needsServer}
                          >
                            Reject <span className="sr-only">{session.title}</span>
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              label="Pending sessions pages"
              page={pendingPage}
              total={pending.data.total}
              limit={PAGE_SIZE}
              onPage={setPendingPage}
            />
          </>
        )}
      </section>

      <section aria-labelledby="all-sessions-heading">
        <h2 id="all-sessions-heading" className="mb-3 text-xl font-semibold text-slate-900">
          All sessions
        </h2>
        {all.isPending ? (
          <ListState kind="loading">Loading sessions…</ListState>
        ) : all.isError ? (
          <ListState kind="error">{errorMessage(all.error)}</ListState>
        ) : all.data.total === 0 ? (
          <ListState kind="empty">No sessions found.</ListState>
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className={TABLE}>
                <caption className="sr-only">All sessions</caption>
                <SessionHead withStatus />
                <tbody className="divide-y divide-slate-100">
                  {all.data.items.map((session) => (
                    <tr key={session._id}>
                      <SessionCells session={session} />
                      <td className={TD}>
                        <StatusBadge status={session.status} />
                      </td>
                      <td className={TD}>
                        {session.status === 'approved' ? (
                          <div className="flex gap-2">
                            <button
                              type="button"
                              className={NEUTRAL_BUTTON}
                              onClick={() => setUpdating(session)}
                              {...needsServer}
                            >
                              Update <span className="sr-only">{session.title}</span>
                            </button>
                            <button
                              type="button"
                              className={DANGER_BUTTON}
                              onClick={() => void onDelete(session)}
                              {...needsServer}
                            >
                              Delete <span className="sr-only">{session.title}</span>
                            </button>
                          </div>
                        ) : (
                          <span className="text-slate-700">No actions</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              label="All sessions pages"
              page={allPage}
              total={all.data.total}
              limit={PAGE_SIZE}
              onPage={setAllPage}
            />
          </>
        )}
      </section>

      {approving ? (
        <ApproveSessionDialog
          session={approving}
          onClose={() => setApproving(null)}
          onApprove={async ({ type, fee }) => {
            const ok = await runAdminAction(
              () => approve.mutateAsync({ id: approving._id, fee, type }),
              'Session approved',
            )
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
    </div>
  )
}
