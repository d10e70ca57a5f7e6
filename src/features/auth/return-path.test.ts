import { describe, expect, it } from 'vitest'
import { loginPathFor, safeReturnPath } from './return-path'

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
