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
