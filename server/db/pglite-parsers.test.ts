// @vitest-environment node
// The parsers drizzle-orm passes with every PGlite query are set once on the
// instance instead: the same rows, without PGlite copying its parser table
// for each query.
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEXT_TYPES, withTextParsersInstalled } from './pglite-parsers'

const ROW = sql`select
  '2026-11-27 10:00:00+00'::timestamptz as at,
  '2026-11-27'::date as day,
  '1 day'::interval as span,
  array['2026-11-27 10:00:00+00'::timestamptz] as ats,
  42::int as n,
  true as yes,
  '{"a":1}'::jsonb as doc`

describe('withTextParsersInstalled', () => {
  let plain: PGlite
  let installed: PGlite
  let client: PGlite
  beforeAll(async () => {
    plain = new PGlite()
    installed = new PGlite()
    client = await withTextParsersInstalled(installed)
  })
  afterAll(async () => {
    await plain.close()
    await installed.close()
  })

  it("reads every type as drizzle-orm's own per-query parsers do, inside and outside a transaction", async () => {
    const expected = await drizzle({ client: plain }).execute(ROW)
    expect(expected.rows[0]).toMatchObject({ at: expect.any(String), day: '2026-11-27', n: 42, yes: true })
    const db = drizzle({ client })
    expect((await db.execute(ROW)).rows).toEqual(expected.rows)
    expect(await db.transaction(async (tx) => (await tx.execute(ROW)).rows)).toEqual(expected.rows)
  })

  it('drops only parsers of the types it installed: any other parser still applies', async () => {
    const options = (parsers: Record<number, (value: string) => unknown>) => ({ rowMode: 'array' as const, parsers })
    const seen: string[] = []
    const { rows } = await client.query('select 42::int as n', [], options({ [types.INT4]: (v) => (seen.push(v), -1) }))
    expect(rows).toEqual([[-1]])
    expect(seen).toEqual(['42'])
  })

  it("names the types drizzle-orm's PGlite driver reads as text (a new drizzle-orm that changes them fails here)", async () => {
    const passed: object[] = []
    const spy = new Proxy(plain, {
      get(target, property) {
        if (property === 'query') {
          return (text: string, params: unknown[], options: QueryOptions) => {
            passed.push(options.parsers ?? {})
            return target.query(text, params, options)
          }
        }
        const value: unknown = Reflect.get(target, property, target)
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value
      },
    })
    await drizzle({ client: spy }).execute(sql`select 1`)
    expect(passed).toHaveLength(1)
    expect(Object.keys(passed[0]!).map(Number).sort()).toEqual([...TEXT_TYPES].sort())
  })

  it('keeps errors and everything else of the client', async () => {
    await expect(client.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' })
    await expect(client.transaction((tx) => tx.query('select 1 from no_such_table'))).rejects.toMatchObject({
      code: '42P01',
    })
    expect((await client.exec('select 1'))[0]?.rows).toEqual([{ '?column?': 1 }])
  })
})
