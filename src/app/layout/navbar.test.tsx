// The account menu's second way out: Sign out of every device asks first, then
// runs the session's action and says how it went.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, it, vi } from 'vitest'
import { resetDemoDb, signInAs } from '../../../mocks/testing/sign-in'
import { ApiError } from '#shared/api/api-error'
import { renderApp } from '#app/testing/render-app'
import { Navbar } from './navbar'

beforeEach(async () => {
  await resetDemoDb()
  // The bell in the bar asks the demo server for the admin's unread count.
  await signInAs('admin@studyhub.demo')
})

async function chooseSignOutEverywhere(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Account menu' }))
  await user.click(screen.getByRole('button', { name: 'Sign out of every device' }))
  return screen.findByRole('alertdialog', { name: 'Sign out of every device?' })
}

it('signs out of every device only once the user confirms, and says so', async () => {
  const signOutEverywhere = vi.fn(async () => 'logged-out' as const)
  renderApp(<Navbar />, { as: 'admin', actions: { signOutEverywhere } })
  const user = userEvent.setup()

  await user.click(within(await chooseSignOutEverywhere(user)).getByRole('button', { name: 'Cancel' }))
  expect(signOutEverywhere).not.toHaveBeenCalled()

  await user.click(within(await chooseSignOutEverywhere(user)).getByRole('button', { name: 'Sign out everywhere' }))
  expect(await screen.findByText('Signed out of every device')).toBeTruthy()
  expect(signOutEverywhere).toHaveBeenCalledTimes(1)
})

it('tells the user when the server could not sign them out, and they stay signed in', async () => {
  const signOutEverywhere = vi.fn(async () => {
    throw new ApiError('The server is busy.', 503)
  })
  renderApp(<Navbar />, { as: 'admin', actions: { signOutEverywhere } })
  const user = userEvent.setup()
  await user.click(within(await chooseSignOutEverywhere(user)).getByRole('button', { name: 'Sign out everywhere' }))
  const alert = await screen.findByRole('alertdialog', { name: 'Could not sign out of every device' })
  expect(alert.textContent).toContain('The server is busy.')
  expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy()
})
