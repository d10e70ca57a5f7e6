// Manage Users: whether each account's email is verified (only a verified one
// may be made a tutor), and deleting a user, whose confirmation says what goes
// with them, counted.
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

it('shows whether each account is verified, and offers tutor only to a verified one', async () => {
  // A password sign-up the provider has not verified, as the app makes it.
  const email = 'unproven@example.com'
  const signedUp = await call('POST', '/demo-idp/sign-up', { body: { email, password: 'secret1' } })
  expect(
    (await call('POST', '/users', { token: signedUp.data.idToken, body: { email, name: 'Unproven' } })).status,
  ).toBe(201)
  renderApp(<ManageUsers />)
  const rowOf = async (text: string) => (await screen.findAllByText(text))[0]!.closest('tr')!
  const unproven = await rowOf(email)
  expect(within(unproven).getByText('Not verified')).toBeTruthy()
  const tutor = within(within(unproven).getByRole('combobox', { name: `Role of ${email}` })).getByRole('option', {
    name: 'tutor (needs a verified email)',
  }) as HTMLOptionElement
  expect(tutor.disabled).toBe(true)

  const student = await rowOf(STUDENT)
  expect(within(student).getByText('Verified')).toBeTruthy()
  const offered = within(within(student).getByRole('combobox', { name: `Role of ${STUDENT}` })).getByRole('option', {
    name: 'tutor',
  }) as HTMLOptionElement
  expect(offered.disabled).toBe(false)
})
