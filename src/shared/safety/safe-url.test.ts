import { describe, expect, it } from 'vitest'
import { apiOrigin, isSameOriginUrl, isStudyHubUrl, safeApiUrl, safeUrl } from './safe-url'

const origin = 'https://studyhub.example'

describe('safeUrl', () => {
  it.each([
    ['https://cdn.example.com/a.pdf', 'https://cdn.example.com/a.pdf'],
    ['http://example.com/x', 'http://example.com/x'],
    ['  https://example.com/pad  ', 'https://example.com/pad'],
    ['/api/files/abc', 'https://studyhub.example/api/files/abc'],
    ['HTTPS://EXAMPLE.COM/Up', 'https://example.com/Up'],
    [`blob:${origin}/1234-5678`, `blob:${origin}/1234-5678`],
  ])('renders %s', (raw, expected) => {
    expect(safeUrl(raw, origin)).toBe(expected)
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' \njavascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/a',
    'blob:https://evil.example/1234',
    '',
    '   ',
  ])('refuses %j', (raw) => {
    expect(safeUrl(raw, origin)).toBeNull()
  })

  it('refuses non-strings', () => {
    expect(safeUrl(undefined, origin)).toBeNull()
    expect(safeUrl(null, origin)).toBeNull()
  })

  it('does not mistake a protocol-relative or backslash path for this origin', () => {
    expect(isSameOriginUrl('//evil.example/x', origin)).toBe(false)
    expect(isSameOriginUrl('/\\evil.example/x', origin)).toBe(false)
    expect(isSameOriginUrl('/api/files/1', origin)).toBe(true)
    expect(isSameOriginUrl(`blob:${origin}/1`, origin)).toBe(true)
    expect(isSameOriginUrl('https://cdn.example.com/a.pdf', origin)).toBe(false)
    expect(isSameOriginUrl('javascript:alert(1)', origin)).toBe(false)
  })
})

describe('files the API serves, when the API is on another origin', () => {
  const app = 'https://app.example'
  const api = 'https://api.example/api'

  it('resolves a path from the server against the API, not the page', () => {
    expect(apiOrigin(api, app)).toBe('https://api.example')
    expect(safeApiUrl('/api/files/abc', api, app)).toBe('https://api.example/api/files/abc')
    // VITE_API_URL as a path (the API server serving the app): this origin.
    expect(apiOrigin('/api', app)).toBe(app)
    expect(safeApiUrl('/api/files/abc', '/api', app)).toBe('https://app.example/api/files/abc')
    // A full URL stays what it is; an unsafe one is refused as everywhere.
    expect(safeApiUrl('https://cdn.example/a.pdf', api, app)).toBe('https://cdn.example/a.pdf')
    expect(safeApiUrl('javascript:alert(1)', api, app)).toBeNull()
    expect(safeApiUrl(`blob:${app}/1`, api, app)).toBeNull()
    expect(safeApiUrl('', api, app)).toBeNull()
  })

  it('trusts this origin and the API origin, and nothing that only looks like them', () => {
    expect(isStudyHubUrl('https://api.example/api/files/abc', api, app)).toBe(true)
    expect(isStudyHubUrl('https://app.example/api/files/abc', api, app)).toBe(true)
    expect(isStudyHubUrl('https://api.example.evil.example/api/files/abc', api, app)).toBe(false)
    expect(isStudyHubUrl('http://api.example/api/files/abc', api, app)).toBe(false)
    expect(isStudyHubUrl('https://cdn.example/a.pdf', api, app)).toBe(false)
    expect(isStudyHubUrl('//evil.example/x', api, app)).toBe(false)
    expect(isStudyHubUrl('javascript:alert(1)', api, app)).toBe(false)
  })
})
