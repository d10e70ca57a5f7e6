// A student's review of a session (docs/product.md#screens, #validation): a
// rating from 1 to 5 and a comment, both required. The rating is a radio group
// drawn as stars.
import { useMutation } from '@tanstack/react-query'
import { useId, type FormEvent } from 'react'
import { TEXT_LIMITS } from '#contract/limits'
import { errorMessage } from '#shared/api/api-error'
import { useFormDraft } from '#shared/drafts/form-draft'
import { showAlert, showToast } from '#shared/ui/feedback'
import { errorIdOf, FieldError, fieldAttributes, useFieldProblems } from '#shared/ui/field-problems'
import { OfflineReason } from '#shared/offline/offline-reason'
import { useOnline } from '#shared/offline/use-online'
import { reviewMutations } from '../api/review-queries'
import { RATINGS } from '../rating'

interface ReviewFormProps {
  sessionId: string
  studentEmail: string
  studentName: string
}

export function ReviewForm({ sessionId, studentEmail, studentName }: ReviewFormProps) {
  const create = useMutation(reviewMutations.create())
  // Kept in this tab's session storage until submitted (a reload keeps it).
  const { draft, edit, clear } = useFormDraft(`review:${studentEmail}:${sessionId}`, () => ({ rating: 0, comment: '' }))
  const { rating, comment } = draft
  const id = useId()
  const inputId = (field: 'rating' | 'comment') => (field === 'rating' ? `${id}-rating-${RATINGS[0]}` : `${id}-comment`)
  const { formRef, show, field } = useFieldProblems<'rating' | 'comment'>(inputId)
  const ratingState = field('rating')
  // Submitting needs the server: offline the button is disabled with the reason.
  const online = useOnline()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const missing = [...(rating ? [] : (['rating'] as const)), ...(comment.trim() ? [] : (['comment'] as const))]
    if (!show(missing.length > 0 ? [{ message: 'Please fill comment & rating', fields: missing }] : [])) return
    // mutateAsync, not mutate's callbacks: a stored review replaces this form
    // (the student has reviewed), and mutate's callbacks never run once their
    // component is gone, so the toast would be lost.
    create.mutateAsync({ sessionId, studentEmail, studentName, comment: comment.trim(), rating }).then(
      () => {
        clear()
        showToast({ title: 'Review submitted', icon: 'success' })
      },
      (error: unknown) => void showAlert({ title: 'Error', text: errorMessage(error), icon: 'error' }),
    )
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-line p-5"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-ink">
        Leave a review
      </h3>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-ink">Rating</legend>
        <div className="mt-1 flex">
          {RATINGS.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded p-1.5 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
            >
              <input
                id={`${id}-rating-${value}`}
                type="radio"
                name={`${id}-rating`}
                {...fieldAttributes(ratingState, [])}
                value={value}
                checked={rating === value}
                onChange={() => edit({ rating: value })}
                className="sr-only"
              />
              <span className="sr-only">{value === 1 ? '1 star' : `${value} stars`}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className={`h-8 w-8 ${value <= rating ? 'text-star' : 'text-line-strong'}`}
                fill={value <= rating ? 'currentColor' : 'none'}
                stroke="currentColor"
                strokeWidth="1.5"
              >
                <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z" />
              </svg>
            </label>
          ))}
        </div>
        <FieldError id={errorIdOf(inputId('rating'))}>{ratingState.error}</FieldError>
      </fieldset>
      <label htmlFor={`${id}-comment`} className="mt-4 block text-sm font-medium text-ink">
        Comment
      </label>
      <textarea
        id={`${id}-comment`}
        value={comment}
        onChange={(event) => edit({ comment: event.target.value })}
        rows={3}
        maxLength={TEXT_LIMITS.reviewComment}
        {...fieldAttributes(field('comment'), [])}
        className="mt-1 w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-ink aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger"
      />
      <FieldError id={errorIdOf(inputId('comment'))}>{field('comment').error}</FieldError>
      <OfflineReason id={`${id}-offline`} className="mt-1" />
      <button
        type="submit"
        disabled={create.isPending || !online}
        aria-describedby={online ? undefined : `${id}-offline`}
        className="mt-4 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
      >
        Submit review
      </button>
    </form>
  )
}
