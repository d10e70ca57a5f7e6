// The pages the demo identity provider's mails link to, over the demo server
// (msw/node): a reset link sets a new password once; a verification link
// verifies the email; a link without its code, or a spent one, says so.
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { demoDb } from '../../../mocks/db/demo-db'
import { call, resetDemoDb } from '../../../mocks/testing/sign-in'
import { DEMO_ACCOUNT_PASSWORD } from '#contract/demo-identity'
import { renderApp } from '#app/testing/render-app'
import { ResetPassword, VerifyEmail } from './account-code-pages'

const TUTOR = 'tutor@studyhub.demo'

beforeEach(() => resetDemoDb())

/** The link in the newest mail to `email`, as a path on this origin. */
async function mailedLink(email: string): Promise<string> {
  const mails = await demoDb().mailbox.where('[to+createdAt]').between([email, ''], [email, '\uffff']).toArray()
  const link = new URL(/https?:\/\/\S+\?code=\S+/.exec(mails.at(-1)!.text)![0])
  return `${link.pathname}${link.search}`
}

const signIn = (password: string) => call('POST', '/demo-idp/sign-in', { body: { email: TUTOR, password } })

describe('the demo identity provider’s pages', () => {
  it('a reset link names the account and sets the new password, once', async () => {
    await call('POST', '/demo-idp/send-password-reset', { body: { email: TUTOR } })
    const url = await mailedLink(TUTOR)
    expect(url).toMatch(/^\/demo\/reset-password\?code=/)
    const user = userEvent.setup()
    renderApp(<ResetPassword />, { url })
    expect(await screen.findByText(`Choose a new password for ${TUTOR}.`)).toBeTruthy()
    const field = screen.getByLabelText('New password')
    await user.type(field, 'short')
    await user.click(screen.getByRole('button', { name: 'Save the new password' }))
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Password should be at least 6 characters')).toBeTruthy()
    await user.type(field, '-but-longer')
    await user.click(screen.getByRole('button', { name: 'Save the new password' }))
    expect(await screen.findByText(`The password of ${TUTOR} is changed. Log in with it now.`)).toBeTruthy()
    expect((await signIn('short-but-longer')).status).toBe(200)
    expect((await signIn(DEMO_ACCOUNT_PASSWORD)).status).toBe(400)

    // The same link again: spent.
    renderApp(<ResetPassword />, { url })
    expect((await screen.findByRole('alert')).textContent).toMatch(/not valid/)
  })

  it('a verification link verifies the email on opening; a link without its code says so', async () => {
    const session = await call('POST', '/demo-idp/sign-up', { body: { email: 'new@example.com', password: 'secret1' } })
    await call('POST', '/demo-idp/send-email-verification', { token: session.data.idToken, body: {} })
    renderApp(<VerifyEmail />, { url: await mailedLink('new@example.com') })
    expect(await screen.findByText('new@example.com is verified.')).toBeTruthy()
    expect((await demoDb().identities.where('email').equals('new@example.com').first())!.emailVerified).toBe(true)

    renderApp(<VerifyEmail />, { url: '/demo/verify-email' })
    expect((await screen.findAllByRole('alert')).at(-1)!.textContent).toMatch(/not complete/)
  })
})
