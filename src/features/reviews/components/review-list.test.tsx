// A review by a student their tutor marked present at the class says so.
import { render, screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { Review } from '#contract/entities'
import { ReviewList } from './review-list'

const review = (over: Partial<Review>): Review => ({
  _id: 'r1',
  sessionId: 's1',
  studentName: 'Ada',
  comment: 'Clear and kind.',
  rating: 5,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
})

it('shows "Attended" only on the reviews of students marked present', () => {
  render(<ReviewList reviews={[review({ attended: true }), review({ _id: 'r2', studentName: 'Ben' })]} />)
  const [came, other] = within(screen.getByTestId('review-list')).getAllByRole('listitem')
  expect(came!.textContent).toContain('Attended')
  expect(other!.textContent).not.toContain('Attended')
})
