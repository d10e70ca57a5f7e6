// For the backup tests: a database seeded with the demo data plus an uploaded
// binary file, and everything a database holds in a form two databases can be
// compared by: each table's rows as PostgreSQL's own text of the whole row
// (bytea as hex, so bytes compare exactly), sorted, and the files table's
// bytes as they come out. Works on PGlite and on node-postgres alike.
import { PGlite } from '@electric-sql/pglite'
import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { newFileId, newId } from '#core/ids'
import { buildSeedRows } from '#core/seed/seed-data'
import type { Database } from '../db/open-database'

interface Queryable {
  query<T>(text: string): Promise<{ rows: T[] }>
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

/** `schema.table` → every row as text, sorted; every table outside PostgreSQL's own schemas. */
export async function snapshotTables(db: Queryable): Promise<Record<string, string[]>> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  )
  const snapshot: Record<string, string[]> = {}
  for (const { schema, name } of tables) {
    const { rows } = await db.query<{ row: string }>(
      `select t::text as row from ${quoteIdent(schema)}.${quoteIdent(name)} t order by 1`,
    )
    snapshot[`${schema}.${name}`] = rows.map((r) => r.row)
  }
  return snapshot
}

/** The files table's bytes by file id. */
export async function fileBytes(db: Queryable): Promise<Map<string, Buffer>> {
  const { rows } = await db.query<{ id: string; data: Uint8Array }>('select id, data from files order by id')
  return new Map(rows.map((r) => [r.id, Buffer.from(r.data)]))
}

export interface SeededData {
  /** The uploaded file's bytes: every byte value, then more random bytes than PostgreSQL keeps inline (TOAST). */
  upload: Buffer
  uploadId: string
  /** The demo data's files (PDFs, a PNG, text) by id. */
  seededFiles: Map<string, Buffer>
}

/** Seeds an empty database with the demo data, uploads a binary file and creates the token secret (the meta table). */
export async function seedWithUpload(db: Database): Promise<SeededData> {
  const rows = await buildSeedRows({ sessions: 12 })
  await db.seed(rows)
  const upload = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(3 * 1024 * 1024)])
  const uploadId = newFileId()
  const session = rows.sessions.find((s) => s.status === 'approved')!
  const materialId = newId()
  await db.store.materials.insertWithFile(
    {
      _id: materialId,
      sessionId: session._id,
      title: 'Scanned worksheet',
      description: 'Binary upload',
      tutorEmail: session.tutorEmail,
      status: 'approved',
      fileUrl: `/api/files/${uploadId}`,
      fileName: 'worksheet.pdf',
      fileType: 'application/pdf',
      fileSize: upload.length,
      createdAt: session.createdAt,
      fileId: uploadId,
    },
    { _id: uploadId, materialId, sessionId: session._id, type: 'application/pdf', name: 'worksheet.pdf', data: upload },
  )
  // A restore that lost the token secret would sign everyone out.
  await db.store.meta.tokenSecret()
  const seededFiles = new Map<string, Buffer>()
  for (const file of rows.files) {
    const bytes = file.data instanceof Uint8Array ? file.data : new Uint8Array(await file.data.arrayBuffer())
    seededFiles.set(file._id, Buffer.from(bytes))
  }
  return { upload, uploadId, seededFiles }
}

/**
 * Fails unless `after` (the restored database's tables and files) is `before`
 * table by table, and holds every seeded and uploaded file's bytes: checked
 * against what was written, not against another read of the same kind.
 */
export function expectSameData(
  before: Record<string, string[]>,
  after: Record<string, string[]>,
  files: Map<string, Buffer>,
  seeded: SeededData,
): void {
  expect(Object.keys(after)).toEqual(Object.keys(before))
  expect(Object.keys(after)).toEqual(expect.arrayContaining(['public.files', 'public.meta', 'public.users']))
  for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table])
  expect(files.size).toBe(seeded.seededFiles.size + 1)
  expect(files.get(seeded.uploadId)?.equals(seeded.upload)).toBe(true)
  for (const [id, bytes] of seeded.seededFiles) expect(files.get(id)?.equals(bytes), id).toBe(true)
}

/** A command's output (./backup-command.ts), kept to be read. */
export function captured() {
  const lines = { out: '', err: '' }
  return {
    lines,
    output: { out: (text: string) => void (lines.out += text), err: (text: string) => void (lines.err += text) },
  }
}

/** Runs `work` on the database in `dir`, opened with PGlite alone (not as the server opens it), then closes it. */
export async function withPglite<T>(dir: string, work: (client: PGlite) => Promise<T>): Promise<T> {
  const client = new PGlite(dir)
  try {
    return await work(client)
  } finally {
    await client.close()
  }
}
