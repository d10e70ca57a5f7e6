// Deleting a user: the confirmation says what goes with them, counted.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, it } from 'vitest'
import { call, resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { renderApp } from '#app/testing/render-app'
import { ManageUsers } from './manage-users'

const ADMIN = 'admin@studyhub.demo'
const STUDENT = 'student@studyhub.demo'

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(ADMIN)
})

it('asks with the counts of what deleting a student takes with them', async () => {
  const student = (await call('GET', `/users/${STUDENT}`, { as: ADMIN })).data as { _id: string; name: string }
  const owned = (await call('GET', `/users/${student._id}/owned`, { as: ADMIN })).data as Record<string, number>
  expect(owned.bookings).toBeGreaterThan(1)
  renderApp(<ManageUsers />)
  const row = (await screen.findAllByText(STUDENT))[0]!.closest('tr')!
  await userEvent.click(within(row).getByRole('button', { name: /^Delete/ }))
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete this user?' })
  await waitFor(() =>
    expect(dialog.textContent).toContain(
      `with 0 sessions, ${owned.bookings} bookings, ${owned.reviews} reviews, ${owned.notes} notes and 0 materials`,
    ),
  )
})
