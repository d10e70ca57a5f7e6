// @vitest-environment node
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { describeError } from './logger'

describe('describeError', () => {
  it("logs a failed query's SQL and the database's code, never its parameters", () => {
    // What drizzle throws when PostgreSQL refuses a value: both messages quote it.
    const refusal = Object.assign(new Error('invalid input syntax for type integer: "my private note text"'), {
      code: '22P02',
    })
    const failure = new DrizzleQueryError('select $1::int as n', ['my private note text'], refusal)
    const logged = JSON.stringify(describeError(failure))
    expect(logged).toContain('Failed query: select $1::int as n')
    expect(logged).toContain('22P02')
    expect(logged).not.toContain('my private note text')
  })
})
