// The demo identity provider: Firebase-like errors, ID tokens that only it
// issues, and the hand-off to the REST API (POST /jwt).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DEMO_ACCOUNT_PASSWORD, DEMO_ACCOUNTS } from '#contract/demo-identity'
import { demoDb } from './db/demo-db'
import { call, resetDemoDb, tokenFor } from './testing/sign-in'

beforeEach(() => resetDemoDb())

describe('demo identity provider', () => {
  it('signs in the three demo accounts with demo1234, and their tokens buy an app token with their role', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const session = await call('POST', '/demo-idp/sign-in', {
        body: { email: account.email, password: DEMO_ACCOUNT_PASSWORD },
      })
      expect(session.status).toBe(200)
      expect(session.data.user.email).toBe(account.email)
      const jwt = await call('POST', '/jwt', { token: session.data.idToken, body: { email: account.email } })
      expect(jwt.status).toBe(200)
      const me = await call('GET', `/users/${account.email}`, { token: jwt.data.token })
      expect(me.data.role).toBe(account.role)
    }
  })

  it('answers invalid-credential alike for a wrong password and an unknown email', async () => {
    const wrong = await call('POST', '/demo-idp/sign-in', {
      body: { email: 'student@studyhub.demo', password: 'nope123' },
    })
    const unknown = await call('POST', '/demo-idp/sign-in', {
      body: { email: 'ghost@example.com', password: 'nope123' },
    })
    expect(wrong).toMatchObject({ status: 400, data: { code: 'auth/invalid-credential' } })
    expect(unknown.data).toEqual(wrong.data)
  })

  it('sign-up: weak password, taken email, bad email', async () => {
    const weak = await call('POST', '/demo-idp/sign-up', { body: { email: 'a@example.com', password: '12345' } })
    expect(weak.data).toEqual({ code: 'auth/weak-password', message: 'Password should be at least 6 characters' })
    const taken = await call('POST', '/demo-idp/sign-up', {
      body: { email: 'tutor@studyhub.demo', password: 'secret1' },
    })
    expect(taken.data.code).toBe('auth/email-already-in-use')
    const bad = await call('POST', '/demo-idp/sign-up', { body: { email: 'not-an-email', password: 'secret1' } })
    expect(bad.data.code).toBe('auth/invalid-email')
    const ok = await call('POST', '/demo-idp/sign-up', {
      body: { email: 'New@Example.com', password: 'secret1', displayName: 'New Person' },
    })
    expect(ok.status).toBe(200)
    expect(ok.data.user).toMatchObject({ email: 'new@example.com', displayName: 'New Person' })
    // The identity is not a REST user until the app posts POST /users.
    expect(await demoDb().users.where('email').equals('new@example.com').count()).toBe(0)
    const signIn = await call('POST', '/demo-idp/sign-in', { body: { email: 'new@example.com', password: 'secret1' } })
    expect(signIn.status).toBe(200)
  })

  it('google: the picker lists device accounts, signs them in, and refuses password emails', async () => {
    const list = await call('GET', '/demo-idp/google-accounts')
    const emails = list.data.accounts.map((a: { email: string }) => a.email)
    expect(emails.length).toBeGreaterThan(0)
    for (const account of DEMO_ACCOUNTS) expect(emails).not.toContain(account.email)
    const first = await call('POST', '/demo-idp/google', { body: { email: emails[0] } })
    const again = await call('POST', '/demo-idp/google', { body: { email: emails[0] } })
    expect(first.status).toBe(200)
    expect(again.data.user.uid).toBe(first.data.user.uid)
    const clash = await call('POST', '/demo-idp/google', { body: { email: 'student@studyhub.demo' } })
    expect(clash.data.code).toBe('auth/account-exists-with-different-credential')
    const signUpTaken = await call('POST', '/demo-idp/sign-up', { body: { email: emails[0], password: 'secret1' } })
    expect(signUpTaken.data.code).toBe('auth/email-already-in-use')
  })

  it('update-profile takes an ID token, never an app token', async () => {
    const session = await call('POST', '/demo-idp/sign-in', {
      body: { email: 'student@studyhub.demo', password: DEMO_ACCOUNT_PASSWORD },
    })
    const updated = await call('POST', '/demo-idp/update-profile', {
      token: session.data.idToken,
      body: { displayName: 'Samantha', photoURL: 'https://example.com/p.png' },
    })
    expect(updated.data.user).toMatchObject({ displayName: 'Samantha', photoURL: 'https://example.com/p.png' })
    const withAppToken = await call('POST', '/demo-idp/update-profile', {
      token: await tokenFor('student@studyhub.demo'),
      body: { displayName: 'Mallory' },
    })
    expect(withAppToken.status).toBe(401)
    expect((await demoDb().identities.where('email').equals('student@studyhub.demo').first())!.displayName).toBe(
      'Samantha',
    )
  })

  it('a fresh identity gets a student record from POST /jwt if POST /users has not landed yet', async () => {
    const session = await call('POST', '/demo-idp/sign-up', {
      body: { email: 'early@example.com', password: 'secret1', displayName: 'Early Bird' },
    })
    const jwt = await call('POST', '/jwt', { token: session.data.idToken, body: { email: 'early@example.com' } })
    expect(jwt.status).toBe(200)
    expect(await demoDb().users.where('email').equals('early@example.com').first()).toMatchObject({
      role: 'student',
      name: 'Early Bird',
    })
  })

  it('a sign-in made before a sign-out of every device gets no app token any more; a later one does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const email = 'student@studyhub.demo'
      const signIn = async () =>
        (await call('POST', '/demo-idp/sign-in', { body: { email, password: DEMO_ACCOUNT_PASSWORD } })).data
          .idToken as string
      vi.setSystemTime(new Date('2026-05-01T10:00:00.000Z'))
      const earlier = await signIn()
      const token = (await call('POST', '/jwt', { token: earlier, body: { email } })).data.token as string
      vi.setSystemTime(new Date('2026-05-01T10:05:00.500Z'))
      expect((await call('POST', '/users/me/sign-out-everywhere', { token })).status).toBe(200)
      // The provider would renew the earlier sign-in's ID token; the API no longer takes it.
      const renewal = await call('POST', '/jwt', { token: earlier, body: { email } })
      expect(renewal.status).toBe(401)
      expect(renewal.data.message).toContain('signed out of every device')
      // The provider's times are whole seconds: a sign-in in the same second as the sign-out counts as after it.
      vi.setSystemTime(new Date('2026-05-01T10:05:00.900Z'))
      const later = await signIn()
      expect((await call('POST', '/jwt', { token: later, body: { email } })).status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('demo identity provider: its mails', () => {
  const STUDENT = 'student@studyhub.demo'
  const mailsTo = (email: string) =>
    demoDb().mailbox.where('[to+createdAt]').between([email, ''], [email, '\uffff']).toArray()
  /** The code of the link in the newest mail to `email`. */
  const codeIn = async (email: string) => {
    const mails = await mailsTo(email)
    const link = /https?:\/\/\S+\?code=([\w%-]+)/.exec(mails.at(-1)!.text)
    return decodeURIComponent(link![1]!)
  }
  const signIn = (email: string, password: string) => call('POST', '/demo-idp/sign-in', { body: { email, password } })

  it('mails a password reset link whose code sets a new password once, and answers alike for an unknown email', async () => {
    const asked = await call('POST', '/demo-idp/send-password-reset', { body: { email: STUDENT } })
    const unknown = await call('POST', '/demo-idp/send-password-reset', { body: { email: 'ghost@example.com' } })
    expect(asked.status).toBe(200)
    expect(unknown).toMatchObject({ status: asked.status, data: asked.data })
    expect(await mailsTo('ghost@example.com')).toEqual([])
    const [mail] = await mailsTo(STUDENT)
    expect(mail!.text).toContain('http://localhost:3000/demo/reset-password?code=')
    // The table keeps only the code's hash.
    const code = await codeIn(STUDENT)
    expect(await demoDb().idpCodes.toArray()).not.toContainEqual(expect.objectContaining({ hash: code }))

    expect((await call('POST', '/demo-idp/check-reset-code', { body: { code } })).data).toEqual({ email: STUDENT })
    const weak = await call('POST', '/demo-idp/reset-password', { body: { code, password: '123' } })
    expect(weak.data.code).toBe('auth/weak-password')
    const done = await call('POST', '/demo-idp/reset-password', { body: { code, password: 'new-secret' } })
    expect(done).toMatchObject({ status: 200, data: { email: STUDENT } })
    expect((await signIn(STUDENT, 'new-secret')).status).toBe(200)
    expect((await signIn(STUDENT, DEMO_ACCOUNT_PASSWORD)).data.code).toBe('auth/invalid-credential')
    // Spent: a second use, or a code never sent, is refused.
    const again = await call('POST', '/demo-idp/reset-password', { body: { code, password: 'other-secret' } })
    expect(again).toMatchObject({ status: 400, data: { code: 'auth/invalid-action-code' } })
    const forged = await call('POST', '/demo-idp/check-reset-code', { body: { code: `${code}x` } })
    expect(forged.data.code).toBe('auth/invalid-action-code')
  })

  it('a reset code expires after an hour, and does not verify an email', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-05-01T10:00:00.000Z'))
      await call('POST', '/demo-idp/send-password-reset', { body: { email: STUDENT } })
      const code = await codeIn(STUDENT)
      expect((await call('POST', '/demo-idp/verify-email', { body: { code } })).data.code).toBe(
        'auth/invalid-action-code',
      )
      vi.setSystemTime(new Date('2026-05-01T11:00:00.000Z'))
      const late = await call('POST', '/demo-idp/reset-password', { body: { code, password: 'new-secret' } })
      expect(late).toMatchObject({ status: 400, data: { code: 'auth/expired-action-code' } })
    } finally {
      vi.useRealTimers()
    }
  })

  it('mails the signed-in identity a verification link that marks its email verified', async () => {
    const session = await call('POST', '/demo-idp/sign-up', {
      body: { email: 'fresh@example.com', password: 'secret1' },
    })
    const identity = () => demoDb().identities.where('email').equals('fresh@example.com').first()
    expect((await identity())!.emailVerified).toBe(false)
    expect((await call('POST', '/demo-idp/send-email-verification', { body: {} })).status).toBe(401)
    const sent = await call('POST', '/demo-idp/send-email-verification', { token: session.data.idToken, body: {} })
    expect(sent.status).toBe(200)
    const code = await codeIn('fresh@example.com')
    expect((await call('POST', '/demo-idp/verify-email', { body: { code } })).data).toEqual({
      email: 'fresh@example.com',
    })
    expect((await identity())!.emailVerified).toBe(true)
    expect((await call('POST', '/demo-idp/verify-email', { body: { code } })).data.code).toBe(
      'auth/invalid-action-code',
    )
  })
})
