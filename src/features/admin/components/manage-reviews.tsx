import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Review } from '#contract/entities'
import { RowButton } from '#shared/ui/data-table'
import { Pager, useClampedPage } from '#shared/ui/pager'
import { QueryState } from '#shared/ui/query-state'
import { DANGER_BUTTON } from '#shared/ui/ui-classes'
import { confirmDelete, runWithFeedback } from '#shared/ui/action-feedback'
import { formatDateTime } from '#shared/format/date'
import { serverMessage } from '#shared/api/api-error'
import { useServerGate } from '#shared/offline/use-server-gate'
import { adminReviewMutations, adminReviewQueries } from '../api/admin-review-queries'
import { OfflineReason } from '#shared/offline/offline-reason'

const REVIEWS_LOAD_FAILED = 'Failed to load reviews. Are you an admin?'
const REVIEW_DELETE_FAILED = 'Failed to delete the review.'
const PAGE_SIZE = 10

export function ManageReviews() {
  const [page, setPage] = useState(1)
  const reviews = useQuery(adminReviewQueries.page(page, PAGE_SIZE))
  useClampedPage(page, setPage, reviews.data?.total, PAGE_SIZE)
  const remove = useMutation(adminReviewMutations.remove())
  const { offlineId, needsServer } = useServerGate()

  async function onDelete(review: Review) {
    const ok = await confirmDelete(
      'Delete this review?',
      `The review by ${review.studentName || review.studentEmail} will be deleted for good.`,
    )
    if (!ok) return
    await runWithFeedback(() => remove.mutateAsync(review._id), {
      worked: (result) => result.deletedCount > 0,
      success: 'Review deleted',
      failed: REVIEW_DELETE_FAILED,
    })
  }

  return (
    <QueryState
      query={reviews}
      loading="Loading reviews…"
      empty="No reviews yet"
      isEmpty={(data) => data.total === 0}
      error={(error) => serverMessage(error) ?? REVIEWS_LOAD_FAILED}
    >
      {(data) => (
        <>
          <OfflineReason id={offlineId} className="mb-3" />
          <ul className="space-y-3">
            {data.items.map((review) => (
              <li key={review._id} className="rounded-lg border border-line bg-surface p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold text-ink">
                      {review.studentName || review.studentEmail}{' '}
                      <span className="font-normal text-ink-muted">({review.studentEmail})</span>
                    </p>
                    <p className="text-sm text-ink-muted">
                      Rating: {review.rating ?? 0} of 5 · Session {review.sessionId} ·{' '}
                      {formatDateTime(review.createdAt)}
                    </p>
                  </div>
                  <RowButton
                    name={`review by ${review.studentName || review.studentEmail}`}
                    className={DANGER_BUTTON}
                    onClick={() => void onDelete(review)}
                    {...needsServer}
                  >
                    Delete
                  </RowButton>
                </div>
                <p className="mt-2 whitespace-pre-wrap text-ink">{review.comment}</p>
              </li>
            ))}
          </ul>
          <Pager label="Reviews pages" page={page} total={data.total} limit={PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </QueryState>
  )
}
