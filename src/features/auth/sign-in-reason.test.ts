import { describe, expect, it } from 'vitest'
import { signInReason } from './sign-in-reason'

const origin = 'https://studyhub.example'

describe('signInReason', () => {
  it('says a session’s details need a sign-in', () => {
    expect(signInReason('/session-details/abc', origin)).toBe('Sign in to see this session’s details.')
  })

  it('says the dashboard needs a sign-in', () => {
    expect(signInReason('/dashboard/my-bookings', origin)).toBe('Sign in to open your dashboard.')
    expect(signInReason('/dashboard', origin)).toBe('Sign in to open your dashboard.')
  })

  it.each([null, '', '/about', '//evil.example/session-details/abc', '/dashboardx'])('says nothing for %s', (from) => {
    expect(signInReason(from, origin)).toBeNull()
  })
})
