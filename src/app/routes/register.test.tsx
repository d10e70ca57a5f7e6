// /register, once the account is made with a password: the notice that
// offers to mail a link verifying the email ("Resend" once sent), and
// Continue to where the visitor was going.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
import { AUTH_MESSAGES, AuthError } from '#features/auth/auth-errors'
import { createAuthSession } from '#features/auth/auth-session'
import { fakeGateway } from '#features/auth/testing/fake-gateway'
import { renderApp } from '../testing/render-app'
import { Component as Register } from './register'

/** The register screen with a new account made as soon as it is asked for, and the provider's mail behind it. */
async function registered(from = '') {
  const user = userEvent.setup()
  const { gateway } = fakeGateway()
  // The provider has the new account signed in, as after a real sign-up.
  await gateway.signUp('nova@example.com', 'secret1')
  const { sendEmailVerification } = createAuthSession({ loadGateway: async () => gateway, publish: () => undefined })
  const rendered = renderApp(
    [
      { path: '/register', element: <Register /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { url: `/register${from}`, actions: { signUp: vi.fn(async () => {}), sendEmailVerification } },
  )
  await user.type(screen.getByLabelText('Name'), 'Nova')
  await user.type(screen.getByLabelText('Email'), 'nova@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret1')
  await user.click(screen.getByRole('button', { name: 'Register' }))
  await screen.findByRole('heading', { level: 1, name: 'Verify your email' })
  return { user, gateway, ...rendered }
}

it('offers to mail a verification link, then to send it again', async () => {
  const { user, gateway } = await registered()
  expect(screen.getByText(/Your account is ready\. Verify your email, nova@example\.com/)).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Send verification email' }))
  await waitFor(() =>
    expect(screen.getByText('We sent a link to nova@example.com. Open it to verify your email.')).toBeTruthy(),
  )
  expect(gateway.sendEmailVerification).toHaveBeenCalledTimes(1)
  await user.click(screen.getByRole('button', { name: 'Resend' }))
  await waitFor(() => expect(gateway.sendEmailVerification).toHaveBeenCalledTimes(2))
})

it('says in the Error dialog what the provider refuses', async () => {
  const { user, gateway } = await registered()
  vi.mocked(gateway.sendEmailVerification).mockRejectedValueOnce(new AuthError('auth/too-many-requests'))
  await user.click(screen.getByRole('button', { name: 'Send verification email' }))
  const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
  expect(dialog.textContent).toContain(AUTH_MESSAGES['auth/too-many-requests'])
  expect(screen.getByRole('button', { name: 'Send verification email' })).toBeTruthy()
})

it('continues to where the visitor was going', async () => {
  const { user, router } = await registered('?from=%2Fdashboard%2Fmy-bookings')
  await user.click(screen.getByRole('link', { name: 'Continue' }))
  expect(router.state.location.pathname).toBe('/dashboard/my-bookings')
})
