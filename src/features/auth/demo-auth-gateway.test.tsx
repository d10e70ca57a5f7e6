// The demo gateway against the demo server's identity provider (mocks/, under
// msw/node): the same messages as the Firebase gateway, the identity kept
// across reloads and tabs, and the local Google account chooser.
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDemoDb } from '../../../mocks/testing/sign-in'
import { server } from '../../../tests/setup/msw-server'
import { DEMO_ACCOUNT_PASSWORD, DEMO_MAILBOX_PATH, type DemoMailboxAnswer } from '#contract/demo-identity'
import { LOCAL_KEYS } from '#shared/storage/browser-storage'
import { resetApiGate } from '#shared/api/api-ready'
import { AUTH_MESSAGES } from './auth-errors'
import type { AuthIdentity } from './auth-identity'
import { createDemoAuthGateway } from './demo-auth-gateway'

beforeEach(async () => {
  resetApiGate(true)
  await resetDemoDb()
})

function watch() {
  const gw = createDemoAuthGateway()
  const seen: Array<AuthIdentity | null> = []
  gw.onAuthStateChanged((identity) => seen.push(identity))
  return { gw, seen }
}

describe('demo auth gateway', () => {
  it('signs in a demo account, keeps it for the next load, and signs out', async () => {
    const { gw, seen } = watch()
    const identity = await gw.signIn('student@studyhub.demo', DEMO_ACCOUNT_PASSWORD)
    expect(identity.email).toBe('student@studyhub.demo')
    expect(await gw.getIdToken()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    await waitFor(() => expect(seen.map((i) => i?.email ?? null)).toEqual([null, 'student@studyhub.demo']))

    // A new load of the app: the stored identity is reported at once.
    const reloaded = watch()
    await waitFor(() => expect(reloaded.seen).toEqual([identity]))

    await gw.signOut()
    expect(localStorage.getItem(LOCAL_KEYS.demoIdentity)).toBeNull()
    expect(await gw.getIdToken()).toBeNull()
    expect(seen.at(-1)).toBeNull()
  })

  it('signs up and updates the profile', async () => {
    const { gw } = watch()
    const created = await gw.signUp('new.person@example.com', 'secret1')
    expect(created).toMatchObject({ email: 'new.person@example.com', displayName: null })
    const updated = await gw.updateProfile({ displayName: 'New Person', photoURL: 'https://img.example/p.png' })
    expect(updated).toMatchObject({
      uid: created.uid,
      displayName: 'New Person',
      photoURL: 'https://img.example/p.png',
    })
    // And a later load sees the new profile.
    const reloaded = watch()
    await waitFor(() => expect(reloaded.seen[0]?.displayName).toBe('New Person'))
  })

  it.each([
    ['a short password', 'signUp', 'fresh@example.com', '12345', AUTH_MESSAGES['auth/weak-password']],
    ['a taken email', 'signUp', 'student@studyhub.demo', 'secret1', AUTH_MESSAGES['auth/email-already-in-use']],
    ['a wrong password', 'signIn', 'student@studyhub.demo', 'not-it', AUTH_MESSAGES['auth/invalid-credential']],
    ['an unknown email', 'signIn', 'nobody@example.com', 'secret1', AUTH_MESSAGES['auth/invalid-credential']],
  ] as const)('refuses %s with the shared message', async (_label, method, email, password, message) => {
    const gw = createDemoAuthGateway()
    await expect(gw[method](email, password)).rejects.toMatchObject({ name: 'AuthError', message })
  })

  it('reports no network, and a non-JSON answer, as a network failure', async () => {
    const gw = createDemoAuthGateway()
    server.use(http.post('*/api/demo-idp/sign-in', () => HttpResponse.error()))
    await expect(gw.signIn('student@studyhub.demo', DEMO_ACCOUNT_PASSWORD)).rejects.toMatchObject({
      message: AUTH_MESSAGES['auth/network-request-failed'],
    })
    server.use(http.post('*/api/demo-idp/sign-in', () => HttpResponse.html('<!doctype html><title>app</title>')))
    await expect(gw.signIn('student@studyhub.demo', DEMO_ACCOUNT_PASSWORD)).rejects.toMatchObject({
      message: AUTH_MESSAGES['auth/network-request-failed'],
    })
  })

  it('follows a sign-out in another tab (storage event)', async () => {
    const { gw, seen } = watch()
    await gw.signIn('tutor@studyhub.demo', DEMO_ACCOUNT_PASSWORD)
    const before = localStorage.getItem(LOCAL_KEYS.demoIdentity)
    localStorage.removeItem(LOCAL_KEYS.demoIdentity)
    window.dispatchEvent(
      new StorageEvent('storage', { key: LOCAL_KEYS.demoIdentity, oldValue: before, newValue: null }),
    )
    expect(seen.at(-1)).toBeNull()
  })

  it('Google: the chooser lists the demo accounts; picking one signs in, closing it is "popup closed"', async () => {
    const user = userEvent.setup()
    const gw = createDemoAuthGateway()
    let result!: Promise<AuthIdentity>
    act(() => {
      result = gw.signInWithGoogle()
    })
    const dialog = await screen.findByRole('dialog', { name: 'Choose an account' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    await user.click(await screen.findByRole('button', { name: /Riley Chen/ }))
    await expect(result).resolves.toMatchObject({ email: 'riley.chen@gmail.example', displayName: 'Riley Chen' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    act(() => {
      result = gw.signInWithGoogle()
    })
    const outcome = result.then(
      () => null,
      (error: unknown) => error,
    )
    await screen.findByRole('dialog', { name: 'Choose an account' })
    await user.keyboard('{Escape}')
    expect(await outcome).toMatchObject({ message: AUTH_MESSAGES['auth/popup-closed-by-user'] })
  })

  it('Google: "Use another account" takes an email and a name', async () => {
    const user = userEvent.setup()
    const gw = createDemoAuthGateway()
    let result!: Promise<AuthIdentity>
    act(() => {
      result = gw.signInWithGoogle()
    })
    await user.click(await screen.findByRole('button', { name: 'Use another account' }))
    await user.type(screen.getByLabelText('Email'), 'casey@gmail.example')
    await user.type(screen.getByLabelText('Name'), 'Casey')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await expect(result).resolves.toMatchObject({ email: 'casey@gmail.example', displayName: 'Casey' })
  })

  it('mails a password reset or a verification into the demo mailbox, and tells nobody whether an email has an account', async () => {
    const mailbox = async (to: string) => {
      const response = await fetch(new URL(`${DEMO_MAILBOX_PATH}?to=${encodeURIComponent(to)}`, location.origin))
      return ((await response.json()) as DemoMailboxAnswer).mails.map((m) => m.subject)
    }
    const gw = createDemoAuthGateway()
    await expect(gw.sendPasswordReset('tutor@studyhub.demo')).resolves.toBeUndefined()
    await expect(gw.sendPasswordReset('nobody@example.com')).resolves.toBeUndefined()
    expect(await mailbox('tutor@studyhub.demo')).toHaveLength(1)
    expect(await mailbox('nobody@example.com')).toEqual([])

    await expect(gw.sendEmailVerification()).rejects.toMatchObject({ code: 'auth/no-current-user' })
    await gw.signUp('unverified@example.com', 'secret1')
    await gw.sendEmailVerification()
    expect(await mailbox('unverified@example.com')).toHaveLength(1)
  })
})
