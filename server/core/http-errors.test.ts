// @vitest-environment node
// A database that cannot be reached is answered 503 with Retry-After, whatever
// wraps the driver's error; anything else unexpected stays a 500.
import { describe, expect, it, vi } from 'vitest'
import { databaseUnavailable, errorResponse, RETRY_AFTER_SECONDS } from './http-errors'
import { DatabaseUnavailable } from './store'

/** An error as a driver throws it, wrapped as drizzle wraps it (`cause`). */
const wrapped = (code: string) =>
  new Error('Failed query: select 1', { cause: Object.assign(new Error('driver'), { code }) })

describe('databaseUnavailable', () => {
  it.each(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET'])(
    'recognises %s however deep it is wrapped',
    (code) => {
      expect(databaseUnavailable(wrapped(code))).toBe(true)
      expect(databaseUnavailable(new Error('outer', { cause: wrapped(code) }))).toBe(true)
    },
  )

  it("recognises a connection refused on every address (an AggregateError's errors) and the port's own error", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    expect(databaseUnavailable(new AggregateError([refused], 'all addresses refused'))).toBe(true)
    expect(databaseUnavailable(new DatabaseUnavailable(new Error('PGlite is closed')))).toBe(true)
  })

  it('leaves anything else to be a server error', () => {
    for (const error of [wrapped('23505'), wrapped('42P01'), new Error('bug'), 'a string', null]) {
      expect(databaseUnavailable(error)).toBe(false)
    }
  })
})

describe('errorResponse', () => {
  it('answers an unreachable database 503 with Retry-After and reports it', async () => {
    const report = vi.fn()
    const error = wrapped('57P01')
    const answer = errorResponse(error, report)
    expect(answer.status).toBe(503)
    expect(answer.headers.get('Retry-After')).toBe(String(RETRY_AFTER_SECONDS))
    expect(await answer.json()).toEqual({ message: expect.stringMatching(/try again/) })
    expect(report).toHaveBeenCalledWith(error)
  })

  it('answers any other unexpected error 500 without Retry-After', () => {
    const answer = errorResponse(new Error('bug'), () => {})
    expect(answer.status).toBe(500)
    expect(answer.headers.get('Retry-After')).toBeNull()
  })
})
