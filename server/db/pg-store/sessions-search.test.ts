// @vitest-environment node
// Finding sessions in the PostgreSQL store, beyond what the conformance suite
// sees over HTTP: the words stay right through every write that changes what
// they come from, a database from before the search gets them at start, and a
// search is a lookup in the GIN index, not a scan (EXPLAIN), on PGlite and,
// when TEST_DATABASE_URL names one, on a real PostgreSQL (in a database of its
// own there).
import { PGlite } from '@electric-sql/pglite'
import { and, eq, sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionSearchOf } from '#contract/session-search'
import type { SessionRow, Store } from '#core/store'
import { buildSeedRows } from '#core/seed/seed-data'
import { createPgStore } from '../pg-store'
import { sessions, users } from '../schema'
import { fillSessionWords, searchConditions, searchOrder, sessionFields, wordColumns } from './sessions'
import type { PgDb } from './shared'

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url))
/**
 * The demo data scaled to the bench's size. Fewer rows make the plan
 * meaningless: at 3,000 the whole table is some 250 pages, which a scan
 * reads in about a millisecond, so the planner rightly scans it for any
 * search; at 10,000 it looks a selective search up in the index by itself,
 * with nothing turned off.
 */
const ROWS = 10_000
/** A word of a few sessions only (every 600th), as a real search for a topic is. */
const RARE = 'Química'
interface Target {
  db: PgDb
  explain(query: { sql: string; params: unknown[] }): Promise<string>
  close(): Promise<void>
}

type Plan = { rows: { 'QUERY PLAN': string }[] }
/** EXPLAIN of a statement through either driver's own query call, its lines joined. */
const explainWith =
  (query: (text: string, params: unknown[]) => Promise<Plan>): Target['explain'] =>
  async ({ sql: text, params }) =>
    (await query(`explain ${text}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n')

async function pgliteTarget(): Promise<Target> {
  const client = new PGlite()
  const db = drizzlePglite({ client })
  await migratePglite(db, { migrationsFolder: MIGRATIONS })
  return {
    db,
    explain: explainWith((text, params) => client.query(text, params)),
    close: () => client.close(),
  }
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const name = `studyhub_search_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.href, max: 4 })
  const db = drizzleNodePg({ client: pool })
  await migrateNodePg(db, { migrationsFolder: MIGRATIONS })
  return {
    db,
    explain: explainWith((text, params) => pool.query(text, params)),
    async close() {
      await pool.end()
      await admin.query(`drop database if exists ${name}`)
      await admin.end()
    },
  }
}

const targets = [
  { name: 'PGlite', open: pgliteTarget, skip: false },
  {
    name: 'PostgreSQL (TEST_DATABASE_URL)',
    open: () => postgresTarget(process.env.TEST_DATABASE_URL!),
    skip: !process.env.TEST_DATABASE_URL,
  },
]

const NOW = Date.now()

for (const target of targets) {
  describe.skipIf(target.skip)(`finding sessions on ${target.name}`, () => {
    let t: Target
    let store: Store
    let rows: SessionRow[]

    beforeAll(async () => {
      t = await target.open()
      store = createPgStore(t.db)
      const seed = await buildSeedRows({ sessions: ROWS })
      await t.db.insert(users).values(seed.users)
      rows = seed.sessions.map((row, i) => (i % 600 === 0 ? { ...row, title: `${row.title} ${RARE}` } : row))
      for (let i = 0; i < rows.length; i += 500) {
        await t.db.insert(sessions).values(rows.slice(i, i + 500).map((row) => ({ ...row, ...wordColumns(row) })))
      }
      // Planner statistics, as autovacuum would gather them on a running server.
      await t.db.execute(sql`analyze sessions`)
    }, 120_000)
    afterAll(() => t?.close())

    const find = async (query: Record<string, string>) =>
      (await store.sessions.list({ status: 'approved', search: sessionSearchOf(query, NOW) }, null)).rows.map(
        (s) => s._id,
      )

    it('looks a search up in the GIN index of the words', async () => {
      const search = sessionSearchOf({ q: 'quim' }, NOW)
      const where = and(eq(sessions.status, 'approved'), ...searchConditions(search))
      const order = searchOrder(search.sort).map((k) => (k.dir === 'desc' ? sql`${k.by} desc` : sql`${k.by} asc`))
      // The two statements of a first page (./paging.ts): the page, and the total beside it.
      const page = t.db
        .select(sessionFields)
        .from(sessions)
        .where(where)
        .orderBy(...order)
        .limit(8)
        .toSQL()
      const count = t.db
        .select({ n: sql`count(*)` })
        .from(sessions)
        .where(where)
        .toSQL()
      for (const statement of [page, count]) {
        const plan = await t.explain(statement)
        expect(plan, plan).toMatch(/Bitmap Index Scan on sessions_search_idx/)
      }
      expect(await find({ q: 'quim' })).toHaveLength(
        rows.filter((r) => /Química/.test(r.title) && r.status === 'approved').length,
      )
    })

    it('writes the words again when a write changes the fields they come from', async () => {
      const [first] = rows.filter((r) => r.status === 'approved')
      await store.sessions.update(first!._id, { title: 'Zoölogy outdoors' }, 'approved')
      expect(await find({ q: 'zoolog' })).toEqual([first!._id])
      await store.bookings.withSeats(first!._id, (ledger) =>
        ledger.updateSession({ subject: 'Field Biology' }, 'approved'),
      )
      expect(await find({ subject: 'field' })).toEqual([first!._id])
      expect(await find({ q: 'zoolog field' })).toEqual([first!._id])
      // A status change alone leaves them as they were.
      const [pending] = rows.filter((r) => r.status === 'pending')
      await store.sessions.update(pending!._id, { status: 'approved', registrationFee: 5 }, 'pending')
      expect(await find({ q: pending!.title })).toContain(pending!._id)
    })

    it('fills the words of sessions from before the search at start', async () => {
      const [one, two] = rows.filter((r) => r.status === 'approved').slice(5)
      await t.db.execute(
        sql`update sessions set search_words = null, subject_words = null where id in (${one!._id}, ${two!._id})`,
      )
      expect(await find({ q: one!.title })).not.toContain(one!._id)
      expect(await fillSessionWords(t.db)).toBe(2)
      expect(await find({ q: one!.title })).toContain(one!._id)
      expect(await find({ q: two!.title, subject: two!.subject })).toContain(two!._id)
      expect(await fillSessionWords(t.db)).toBe(0)
    })
  })
}
