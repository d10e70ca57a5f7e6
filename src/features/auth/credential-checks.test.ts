import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from './auth-errors'
import { credentialProblems, NAME_REQUIRED } from './credential-checks'

describe('credentialProblems', () => {
  it('asks for the email and the password of a login, in the provider’s words', () => {
    expect(credentialProblems({ email: ' ', password: '' })).toEqual([
      { message: AUTH_MESSAGES['auth/missing-email'], fields: ['email'] },
      { message: AUTH_MESSAGES['auth/missing-password'], fields: ['password'] },
    ])
  })

  it('says an address without an @ is not an email, and leaves a short password to the provider at login', () => {
    expect(credentialProblems({ email: 'sam.example.com', password: '123' })).toEqual([
      { message: AUTH_MESSAGES['auth/invalid-email'], fields: ['email'] },
    ])
  })

  it('asks a new account for a name and a password of 6 characters or more', () => {
    expect(credentialProblems({ name: '', email: 'sam@example.com', password: '12345' }, { newAccount: true })).toEqual(
      [
        { message: NAME_REQUIRED, fields: ['name'] },
        { message: AUTH_MESSAGES['auth/weak-password'], fields: ['password'] },
      ],
    )
    expect(
      credentialProblems({ name: 'Sam', email: 'sam@example.com', password: '123456' }, { newAccount: true }),
    ).toEqual([])
  })
})
