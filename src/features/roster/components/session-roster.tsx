// A tutor's roster of one session: every booking with its student, status,
// when it was made or cancelled and its place in line; the counts; the CSV.
// Pending rows can be approved or rejected (online only). Once the class has
// started, each approved student is marked present or absent; a mark works
// offline too: it waits in the outbox (shown on its row) and is sent once the
// connection is back (../offline/attendance-outbox.ts). Cards on a phone
// (DataTable), every button a full touch target.
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Attendance, RosterEntry } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { fileNameOf, saveTextFile } from '#shared/ui/save-file'
import { formatDateTime } from '#shared/format/date'
import { OfflineReason } from '#shared/offline/offline-reason'
import { outboxQueries } from '#shared/offline/outbox'
import { useServerGate } from '#shared/offline/use-server-gate'
import { runWithFeedback } from '#shared/ui/action-feedback'
import { DataTable, RowButton } from '#shared/ui/data-table'
import { QueryState } from '#shared/ui/query-state'
import { StatusBadge } from '#shared/ui/status-badge'
import { TONE } from '#shared/ui/tone-classes'
import { APPROVE_BUTTON, DANGER_BUTTON, SECONDARY_BUTTON, SMALL_BUTTON } from '#shared/ui/ui-classes'
import { rosterMutations, rosterQueries } from '../api/roster-queries'
import type { AttendanceEntry } from '../db/roster-tables'
import { marksByBooking } from '../offline/attendance-outbox'
import { rosterCounts } from '../roster-counts'
import { rosterCsv } from '../roster-csv'

/** What the roster needs of its session: the tutor's list (kept offline) gives it. */
export interface RosterSession {
  _id: string
  title: string
  classStart: string
}

// 44 px: a finger's target on a phone (docs/decisions/0079).
const TOUCH = 'min-h-11 min-w-11'
const MARK_LABEL: Record<Attendance, string> = { present: 'Present', absent: 'Absent' }

export function SessionRoster({ session, email }: { session: RosterSession; email: string }) {
  // When the screen opened: a class that starts while it is open shows its marks on the next visit.
  const [now] = useState(Date.now)
  const roster = useQuery(rosterQueries.ofSession(email, session._id))
  const queued = useQuery({ ...outboxQueries.ofUser(email), select: marksByBooking }).data
  const decide = useMutation(rosterMutations.decide())
  const mark = useMutation(rosterMutations.mark())
  const { offlineId, needsServer } = useServerGate()
  const started = Date.parse(session.classStart) <= now

  async function onDecide(entry: RosterEntry, status: 'approved' | 'rejected') {
    await runWithFeedback(() => decide.mutateAsync({ id: entry.bookingId, status }), {
      worked: (result) => result.success,
      success: status === 'approved' ? 'Booking approved' : 'Booking rejected',
      failed: 'Failed to update the booking.',
      reason: (error) => errorMessage(error),
    })
  }

  async function onMark(entry: RosterEntry, attendance: Attendance) {
    await runWithFeedback(() => mark.mutateAsync({ bookingId: entry.bookingId, email, attendance }), {
      worked: () => true,
      success: (result) =>
        result.queued
          ? `${entry.studentName} marked ${attendance}: waiting to sync`
          : `${entry.studentName} marked ${attendance}`,
      failed: 'Attendance not saved.',
      reason: (error) => errorMessage(error),
    })
  }

  return (
    <QueryState
      query={roster}
      loading="Loading the roster…"
      empty="No one has booked this session yet."
      isEmpty={(data) => data.length === 0}
    >
      {(data) => {
        const marks = new Map(
          [...(queued ?? new Map<string, AttendanceEntry>())].map(([id, e]) => [id, e.payload.attendance]),
        )
        const counts = rosterCounts(data, marks)
        return (
          <>
            <OfflineReason id={offlineId} className="mb-3" />
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Counts">
                <Count label="Approved" value={counts.approved} />
                <Count label="Pending" value={counts.pending} />
                <Count label="Waiting list" value={counts.waitlisted} />
                <Count label="Cancelled" value={counts.cancelled} />
                <Count label="Rejected" value={counts.rejected} />
                {counts.present + counts.absent > 0 && (
                  <>
                    <Count label="Present" value={counts.present} />
                    <Count label="Absent" value={counts.absent} />
                  </>
                )}
              </dl>
              <button
                type="button"
                className={`${SECONDARY_BUTTON} ${TOUCH}`}
                onClick={() =>
                  saveTextFile(rosterCsv(data), 'text/csv', fileNameOf(`${session.title}-roster`, 'roster', 'csv'))
                }
              >
                Download CSV
              </button>
            </div>
            {!started && (
              <p className="mb-3 text-sm text-ink-muted">Attendance can be marked once the class has started.</p>
            )}
            <DataTable
              caption={`Roster of ${session.title}`}
              columns={['Student', 'Status', 'Booked', 'Place in line', 'Attendance', 'Actions']}
              rows={data}
              rowKey={(entry) => entry.bookingId}
              cells={(entry) => {
                const waiting = queued?.get(entry.bookingId)
                const attendance = waiting?.payload.attendance ?? entry.attendance
                return [
                  <span key="student">
                    {entry.studentName}
                    <span className="block text-sm font-normal text-ink-muted">{entry.studentEmail}</span>
                  </span>,
                  <StatusBadge key="status" status={entry.status} />,
                  <span key="when">
                    {formatDateTime(entry.bookedAt)}
                    {entry.cancelledAt && (
                      <span className="block text-ink-muted">Cancelled {formatDateTime(entry.cancelledAt)}</span>
                    )}
                  </span>,
                  entry.waitlistPosition ? `#${entry.waitlistPosition}` : '—',
                  <AttendanceCell key="attendance" attendance={attendance} waiting={waiting} />,
                  <span key="actions" className="flex flex-wrap gap-2">
                    {entry.status === 'pending' && (
                      <>
                        <RowButton
                          name={entry.studentName}
                          className={`${APPROVE_BUTTON} ${TOUCH}`}
                          disabled={decide.isPending}
                          onClick={() => void onDecide(entry, 'approved')}
                          {...needsServer}
                        >
                          Approve
                        </RowButton>
                        <RowButton
                          name={entry.studentName}
                          className={`${DANGER_BUTTON} ${TOUCH}`}
                          disabled={decide.isPending}
                          onClick={() => void onDecide(entry, 'rejected')}
                          {...needsServer}
                        >
                          Reject
                        </RowButton>
                      </>
                    )}
                    {entry.status === 'approved' && started && (
                      <span role="group" aria-label={`Attendance of ${entry.studentName}`} className="flex gap-2">
                        {(['present', 'absent'] as const).map((value) => (
                          <button
                            key={value}
                            type="button"
                            aria-pressed={attendance === value}
                            className={`${SMALL_BUTTON} ${TOUCH} border border-line ${
                              attendance === value ? 'bg-brand-700 text-white' : 'bg-surface text-ink'
                            }`}
                            onClick={() => void onMark(entry, value)}
                          >
                            {MARK_LABEL[value]}
                          </button>
                        ))}
                      </span>
                    )}
                  </span>,
                ]
              }}
            />
          </>
        )
      }}
    </QueryState>
  )
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex gap-1">
      <dt className="text-ink-muted">{label}:</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  )
}

function AttendanceCell({
  attendance,
  waiting,
}: {
  attendance: Attendance | undefined
  waiting: AttendanceEntry | undefined
}) {
  return (
    <span>
      {attendance ? MARK_LABEL[attendance] : '—'}
      {waiting && waiting.error === undefined && (
        <span data-testid="mark-waiting" className={`ml-2 rounded px-1.5 py-0.5 text-xs font-semibold ${TONE.warn}`}>
          Waiting to sync
        </span>
      )}
      {waiting?.error !== undefined && (
        <span className={`block text-xs font-medium ${TONE.danger}`}>Not saved: {waiting.error}</span>
      )}
    </span>
  )
}
