// Creating a session: the toast keeps its words, and the form says what they
// leave out: the session waits for an admin.
import { fireEvent, screen } from '@testing-library/react'
import { beforeEach, expect, it } from 'vitest'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { api } from '#shared/api/http-client'
import { renderApp } from '#app/testing/render-app'
import { AddSessionForm, SESSION_CREATED, SESSION_PENDING } from './add-session-form'

const TUTOR = 'tutor@studyhub.demo'

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(TUTOR)
})

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

it('shows the toast and then the new session as pending', async () => {
  renderApp(<AddSessionForm tutorName="Priya Sharma" tutorEmail={TUTOR} />)
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
  type('Session title', 'Waves and Optics')
  type('Subject', 'Physics')
  type('Registration start', day(1))
  type('Registration end', day(5))
  type('Class start date', day(7))
  type('Class start time', '17:00')
  type('Class end', `${day(30)}T18:00`)
  type('Duration (hours)', '2')
  fireEvent.click(screen.getByRole('button', { name: 'Create Session' }))
  expect(await screen.findByText(SESSION_CREATED)).toBeTruthy()
  expect(SESSION_CREATED).toBe('Your study session is now live.')
  const text = (await screen.findByText(/was created/)).textContent
  expect(text).toContain('“Waves and Optics” was created.')
  expect(text).toContain(SESSION_PENDING)
  const mine = await api('listTutorSessions', { params: { email: TUTOR } })
  expect(mine.find((s) => s.title === 'Waves and Optics')?.status).toBe('pending')
})
