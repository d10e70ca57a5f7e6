import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Review } from '../../../contract/entities'
import { confirmDialog, showAlert, showToast } from '../../../shared/ui/feedback'
import { ListState } from '../../workspace/components/page-heading'
import { Pager, useClampedPage } from '../../workspace/components/pager'
import { DANGER_BUTTON } from '../../workspace/components/ui-classes'
import { formatDateTime, serverMessage } from '../../workspace/format'
import { adminReviewQueries, useDeleteReview } from '../api/admin-review-queries'
import { OfflineReason } from '../../offline/offline-reason'
import { useOnline } from '../../offline/use-online'

export const REVIEWS_LOAD_FAILED = 'Failed to load reviews. Are you an admin?'
export const REVIEW_DELETE_FAILED = 'Failed to delete the review.'
const PAGE_SIZE = 10

export function ManageReviews() {
  const [page, setPage] = useState(1)
  const reviews = useQuery(adminReviewQueries.page(page, PAGE_SIZE))
  useClampedPage(page, setPage, reviews.data?.total, PAGE_SIZE)
  const remove = useDeleteReview()
  const online = useOnline()
  const offlineId = useId()
  // Server actions wait for a connection; the reason is read with each one.
  const needsServer = online ? {} : { disabled: true, 'aria-describedby': offlineId }

  async function onDelete(review: Review) {
    const ok = await confirmDialog({
      title: 'Delete this review?',
      text: `The review by ${review.studentName || review.studentEmail} will be deleted for good.`,
      confirmLabel: 'Delete',
      danger: true,
    })
    if (!ok) return
    try {
      const result = await remove.mutateAsync(review._id)
      if (result.deletedCount > 0) showToast({ title: 'Review deleted', icon: 'success' })
      else await showAlert({ title: REVIEW_DELETE_FAILED, icon: 'error' })
    } catch (error) {
      await showAlert({ title: REVIEW_DELETE_FAILED, text: serverMessage(error), icon: 'error' })
    }
  }

  if (reviews.isPending) return <ListState kind="loading">Loading reviews…</ListState>
  if (reviews.isError) return <ListState kind="error">{serverMessage(reviews.error) ?? REVIEWS_LOAD_FAILED}</ListState>
  if (reviews.data.total === 0) return <ListState kind="empty">No reviews yet</ListState>

  return (
    <>
      <OfflineReason id={offlineId} className="mb-3" />
      <ul className="space-y-3">
        {reviews.data.items.map((review) => (
          <li key={review._id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="font-semibold text-slate-900">
                  {review.studentName || review.studentEmail}{' '}
                  <span className="font-normal text-slate-700">({review.studentEmail})</span>
                </p>
                <p className="text-sm text-slate-700">
                  Rating: {review.rating ?? 0} of 5 · Session {review.sessionId} · {formatDateTime(review.createdAt)}
                </p>
              </div>
              <button type="button" className={DANGER_BUTTON} onClick={() => void onDelete(review)} {...needsServer}>
                Delete <span className="sr-only">review by {review.studentName || review.studentEmail}</span>
              </button>
            </div>
            <p className="mt-2 whitespace-pre-wrap text-slate-800">{review.comment}</p>
          </li>
        ))}
      </ul>
      <Pager label="Reviews pages" page={page} total={reviews.data.total} limit={PAGE_SIZE} onPage={setPage} />
    </>
  )
}
