// /login: one attempt at a time, and busy only for the visit that started it.
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
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
