import { describe, expect, it } from 'vitest'
import { loginPathFor, safeReturnPath, signInReason } from './return-path'

const origin = 'https://studyhub.example'

describe('safeReturnPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/my-notes?tab=2#top', '/dashboard/my-notes?tab=2#top'],
    ['/session-details/abc', '/session-details/abc'],
    [`${origin}/dashboard`, '/dashboard'],
  ])('follows %s on this origin', (from, expected) => {
    expect(safeReturnPath(from, origin)).toBe(expected)
  })

  it.each([
    '//evil.example',
    '//evil.example/dashboard',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'https://evil.example/dashboard',
    'javascript:alert(1)',
    'data:text/html,hi',
    'http://studyhub.example/dashboard',
    '',
    null,
    undefined,
  ])('sends %s home', (from) => {
    expect(safeReturnPath(from, origin)).toBe('/')
  })

  it('does not loop back to the login or register screen', () => {
    expect(safeReturnPath('/login?from=/dashboard', origin)).toBe('/')
    expect(safeReturnPath('/register', origin)).toBe('/')
  })
})

describe('loginPathFor', () => {
  it('remembers the whole place, encoded, and round-trips through safeReturnPath', () => {
    const path = loginPathFor({ pathname: '/dashboard/my-notes', search: '?q=a&b=c', hash: '#x' })
    expect(path).toBe('/login?from=%2Fdashboard%2Fmy-notes%3Fq%3Da%26b%3Dc%23x')
    const from = new URL(path, origin).searchParams.get('from')
    expect(safeReturnPath(from, origin)).toBe('/dashboard/my-notes?q=a&b=c#x')
  })
})

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
