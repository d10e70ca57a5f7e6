// Actions that need the server are disabled while offline, each with the
// plain reason linked by aria-describedby; they come back online.
import { act, screen, within } from '@testing-library/react'
import { beforeEach, expect, it, vi } from 'vitest'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import type { Session } from '#contract/entities'
import { BookSessionButton } from '#features/bookings/components/book-session-button'
import { OFFLINE_REASON } from '#shared/offline/use-online'
import { ReviewForm } from '#features/reviews/components/review-form'
import { renderApp } from '#app/testing/render-app'
import { ManageSessions } from './manage-sessions'

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

function expectDisabledWithReason(button: HTMLElement) {
  expect(button).toHaveProperty('disabled', true)
  const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '')
  expect(reason?.textContent).toBe(OFFLINE_REASON)
}

const ONGOING: Session = {
  _id: 's1',
  title: 'Calculus',
  subject: 'Maths',
  description: '',
  registrationStart: '2020-01-01T00:00:00.000Z',
  registrationEnd: '2999-01-01T00:00:00.000Z',
  classStart: '2999-02-01T00:00:00.000Z',
  classEnd: '2999-03-01T00:00:00.000Z',
  duration: 2,
  registrationFee: 0,
  tutorName: 'Tia',
  tutorEmail: 'tia@example.com',
  status: 'approved',
  createdAt: '2020-01-01T00:00:00.000Z',
  averageRating: 0,
  reviewCount: 0,
}

beforeEach(() => setOnline(true))

it('disables Book Now and the review submit offline, with the reason', async () => {
  renderApp(
    <>
      <BookSessionButton session={ONGOING} studentEmail="sam@example.com" isStudent />
      <ReviewForm sessionId="s1" studentEmail="sam@example.com" studentName="Sam" />
    </>,
  )
  const book = await screen.findByRole('button', { name: 'Book Now' })
  const submit = screen.getByRole('button', { name: 'Submit review' })
  expect(book).toHaveProperty('disabled', false)
  expect(screen.queryByText(OFFLINE_REASON)).toBeNull()

  setOnline(false)
  expectDisabledWithReason(book)
  expectDisabledWithReason(submit)

  setOnline(true)
  expect(book).toHaveProperty('disabled', false)
  expect(submit).toHaveProperty('disabled', false)
  expect(screen.queryByText(OFFLINE_REASON)).toBeNull()
})

it('disables every admin session action offline, with the reason', async () => {
  await resetDemoDb()
  await signInAs('admin@studyhub.demo')
  renderApp(<ManageSessions />)
  const pending = await screen.findByRole('table', { name: 'Pending sessions' })
  const all = await screen.findByRole('table', { name: 'All sessions' })
  await within(all).findAllByRole('button', { name: /^Update/ })
  setOnline(false)
  const buttons = [...within(pending).getAllByRole('button'), ...within(all).getAllByRole('button')]
  expect(buttons.length).toBeGreaterThan(3)
  for (const button of buttons) expectDisabledWithReason(button)
  expect(screen.getAllByText(OFFLINE_REASON)).toHaveLength(1)
})
