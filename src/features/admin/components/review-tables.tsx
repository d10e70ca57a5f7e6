// Manage Sessions and Manage Bookings review the same way (docs/product.md#screens): a table
// of pending entries to approve or reject, and a table of all entries where
// only approved ones can still be changed or deleted (others show 'No
// actions'). Both tables are server-paged; server actions wait for a
// connection, and the reason is read with each one.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { BookingStatus, Status } from '#contract/entities'
import type { Page } from '#shared/api/http-client'
import { DataTable, RowButton } from '#shared/ui/data-table'
import { Pager, useClampedPage } from '#shared/ui/pager'
import { QueryState } from '#shared/ui/query-state'
import { StatusBadge } from '#shared/ui/status-badge'
import { APPROVE_BUTTON, DANGER_BUTTON, NEUTRAL_BUTTON } from '#shared/ui/ui-classes'
import { useServerGate } from '#shared/offline/use-server-gate'
import { OfflineReason } from '#shared/offline/offline-reason'

const PAGE_SIZE = 10

type Reviewable = { _id: string; status: BookingStatus }
type PageQuery<T, K extends QueryKey> = (
  page: number,
  limit: number,
  status?: Status,
) => UseQueryOptions<Page<T>, Error, Page<T>, K>

function PagedTableSection<T extends Reviewable, K extends QueryKey>({
  headingId,
  title,
  loading,
  empty,
  columns,
  pageQuery,
  status,
  row,
}: {
  headingId: string
  /** The heading; also names the table and its pager. */
  title: string
  loading: string
  empty: string
  columns: readonly string[]
  pageQuery: PageQuery<T, K>
  status?: Status
  /** The cells of one row, one per column. */
  row: (item: T) => ReactNode[]
}) {
  const [page, setPage] = useState(1)
  const query = useQuery(pageQuery(page, PAGE_SIZE, status))
  useClampedPage(page, setPage, query.data?.total, PAGE_SIZE)
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-ink">
        {title}
      </h2>
      <QueryState query={query} loading={loading} empty={empty} isEmpty={(data) => data.total === 0}>
        {(data) => (
          <>
            <DataTable caption={title} columns={columns} rows={data.items} rowKey={(item) => item._id} cells={row} />
            <Pager label={`${title} pages`} page={page} total={data.total} limit={PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  )
}

export interface ReviewTablesProps<T extends Reviewable, K extends QueryKey> {
  /** 'sessions' or 'bookings': names the tables ('Pending sessions', 'No pending sessions.', 'No sessions found.'). */
  noun: 'sessions' | 'bookings'
  /** The headers of the entry's own cells. */
  columns: readonly string[]
  cells: (item: T) => ReactNode[]
  pageQuery: PageQuery<T, K>
  /** Read after each button's label, so every row's buttons have their own names. */
  actionName: (item: T) => string
  onApprove: (item: T) => unknown
  onReject: (item: T) => unknown
  /** 'Update' or 'Edit'. */
  editLabel: string
  onEdit: (item: T) => unknown
  onDelete: (item: T) => unknown
  /** More actions on an approved entry, after Edit and Delete (a session's Edit class and Cancel class). */
  moreActions?: (item: T) => ReactNode
  /** The dialogs the actions open. */
  children?: ReactNode
}

export function ReviewTables<T extends Reviewable, K extends QueryKey>({
  noun,
  columns,
  cells,
  pageQuery,
  actionName,
  onApprove,
  onReject,
  editLabel,
  onEdit,
  onDelete,
  moreActions,
  children,
}: ReviewTablesProps<T, K>) {
  const { offlineId, needsServer } = useServerGate()
  const button = (item: T, label: string, className: string, onClick: (item: T) => unknown) => (
    <RowButton name={actionName(item)} className={className} onClick={() => void onClick(item)} {...needsServer}>
      {label}
    </RowButton>
  )
  return (
    <div className="space-y-10">
      <OfflineReason id={offlineId} />
      <PagedTableSection
        headingId={`pending-${noun}-heading`}
        title={`Pending ${noun}`}
        loading={`Loading ${noun}…`}
        empty={`No pending ${noun}.`}
        columns={[...columns, 'Actions']}
        pageQuery={pageQuery}
        status="pending"
        row={(item) => [
          ...cells(item),
          <div key="actions" className="flex flex-wrap gap-2">
            {button(item, 'Approve', APPROVE_BUTTON, onApprove)}
            {button(item, 'Reject', DANGER_BUTTON, onReject)}
          </div>,
        ]}
      />
      <PagedTableSection
        headingId={`all-${noun}-heading`}
        title={`All ${noun}`}
        loading={`Loading ${noun}…`}
        empty={`No ${noun} found.`}
        columns={[...columns, 'Status', 'Actions']}
        pageQuery={pageQuery}
        row={(item) => [
          ...cells(item),
          <StatusBadge key="status" status={item.status} />,
          item.status === 'approved' ? (
            <div key="actions" className="flex flex-wrap gap-2">
              {button(item, editLabel, NEUTRAL_BUTTON, onEdit)}
              {button(item, 'Delete', DANGER_BUTTON, onDelete)}
              {moreActions?.(item)}
            </div>
          ) : (
            <span key="actions" className="text-ink-muted">
              No actions
            </span>
          ),
        ]}
      />
      {children}
    </div>
  )
}
