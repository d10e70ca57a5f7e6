// /login: one attempt at a time, and busy only for the visit that started it;
// "Forgot password?" and its answer, which is the same for every email.
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AUTH_MESSAGES, AuthError } from '#features/auth/auth-errors'
import type { AuthGateway } from '#features/auth/auth-identity'
import { createAuthSession } from '#features/auth/auth-session'
import { RESET_SENT } from '#features/auth/components/forgot-password'
import { fakeGateway } from '#features/auth/testing/fake-gateway'
import { renderApp } from '../testing/render-app'
import { Component as Login } from './login'

it('sends one attempt at a time, and a new visit to /login starts with the buttons free', async () => {
  const user = userEvent.setup()
  // A sign-in still under way when the visitor comes back to the screen: the
  // router keeps the same screen mounted for the new visit.
  const signIn = vi.fn(() => new Promise<void>(() => {}))
  const { router } = renderApp([{ path: '/login', element: <Login /> }], { url: '/login', actions: { signIn } })

  await user.type(screen.getByLabelText('Email'), 'student@studyhub.demo')
  await user.type(screen.getByLabelText('Password'), 'secret1')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  const busy = screen.getByRole('button', { name: 'Logging in…' })
  expect(busy.getAttribute('aria-disabled')).toBe('true')
  await user.click(busy)
  expect(signIn).toHaveBeenCalledTimes(1)

  await act(() => router.navigate('/login?from=%2Fdashboard'))
  expect(screen.getByRole('button', { name: 'Login' }).getAttribute('aria-disabled')).toBe('false')
  expect(screen.getByRole('button', { name: /Continue with Google/ }).getAttribute('aria-disabled')).toBe('false')
})

it('a new visit with the same history key as the last one still starts with the buttons free', async () => {
  const user = userEvent.setup()
  // Every entry made without the router's own state (a full load, another script's pushState) has the
  // key "default": the key names no visit.
  const signIn = vi.fn(() => new Promise<void>(() => {}))
  const { router } = renderApp([{ path: '/login', element: <Login /> }], {
    url: '/login',
    next: [{ pathname: '/login', search: '?from=%2Fdashboard', key: 'default' }],
    actions: { signIn },
  })
  expect(router.state.location.key).toBe('default')

  await user.type(screen.getByLabelText('Email'), 'student@studyhub.demo')
  await user.type(screen.getByLabelText('Password'), 'secret1')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  expect(screen.getByRole('button', { name: 'Logging in…' }).getAttribute('aria-disabled')).toBe('true')

  await act(() => router.navigate(1))
  expect(router.state.location.key).toBe('default')
  expect(router.state.location.search).toBe('?from=%2Fdashboard')
  expect(screen.getByRole('button', { name: 'Login' }).getAttribute('aria-disabled')).toBe('false')
})

describe('Forgot password?', () => {
  /** The session's actions over a stand-in identity provider, as the app wires them. */
  function sessionOver(gateway: AuthGateway) {
    return createAuthSession({ loadGateway: async () => gateway, publish: () => undefined })
  }

  /** /login with the reset form open, `email` typed into it. */
  async function resetFormWith(gateway: AuthGateway, email: string) {
    const user = userEvent.setup()
    renderApp([{ path: '/login', element: <Login /> }], {
      url: '/login',
      actions: { sendPasswordReset: sessionOver(gateway).sendPasswordReset },
    })
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await user.type(screen.getByLabelText('Email'), email)
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
  }

  it('asks for the email, has the provider mail a link, and answers alike for any email', async () => {
    const user = userEvent.setup()
    const { gateway } = fakeGateway()
    const { sendPasswordReset } = sessionOver(gateway)
    renderApp([{ path: '/login', element: <Login /> }], { url: '/login', actions: { sendPasswordReset } })
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com')
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reset your password')
    const email = screen.getByLabelText('Email') as HTMLInputElement
    expect(email.value).toBe('nobody@example.com')
    expect(document.activeElement).toBe(email)
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    await waitFor(() => expect(screen.getByText(RESET_SENT).getAttribute('role')).toBe('status'))
    expect(gateway.sendPasswordReset).toHaveBeenCalledWith('nobody@example.com')

    await user.click(screen.getByRole('button', { name: 'Back to login' }))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forgot password?' }))
  })

  it('says beside the field what is wrong with the email, and sends nothing', async () => {
    const { gateway } = fakeGateway()
    await resetFormWith(gateway, 'not-an-email')
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByTestId('field-error').textContent).toBe(AUTH_MESSAGES['auth/invalid-email'])
    expect(gateway.sendPasswordReset).not.toHaveBeenCalled()
    expect(screen.queryByText(RESET_SENT)).toBeNull()
  })

  it('shows what the provider refuses in the Error dialog, and claims nothing was sent', async () => {
    const { gateway } = fakeGateway()
    vi.mocked(gateway.sendPasswordReset).mockRejectedValue(new AuthError('auth/network-request-failed'))
    await resetFormWith(gateway, 'sam@example.com')
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
    expect(dialog.textContent).toContain(AUTH_MESSAGES['auth/network-request-failed'])
    expect(screen.queryByText(RESET_SENT)).toBeNull()
  })
})
