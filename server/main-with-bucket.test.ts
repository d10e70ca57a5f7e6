// @vitest-environment node
// The whole server configured with FILE_STORAGE=s3, against a real
// S3-compatible server on loopback: the setting reaches the store, an upload
// over HTTP lands in the bucket and is served from there, the demo data's
// files (seeded into PostgreSQL) are still served, and a delete removes the object.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Material, Session } from '#contract/entities'
import { loadConfig } from './config'
import type { IdentityVerifier } from '#core/identity'
import { LOCAL_S3_KEY, startLocalS3, type LocalS3 } from './files/local-s3-server'
import { memoryLogger } from './logger'
import { startServer, type RunningServer } from './main'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'

const ID_TOKEN = 'tutor-id-token'

describe('the server with files in a bucket', () => {
  let s3: LocalS3
  let dataDir: string
  let running: RunningServer
  let tutorEmail = ''
  const logger = memoryLogger()
  const identity: IdentityVerifier = {
    verify: async (token) =>
      token === ID_TOKEN
        ? { uid: 'uid-tutor', email: tutorEmail, emailVerified: true, name: null, picture: null, authTime: 0 }
        : null,
  }

  beforeAll(async () => {
    s3 = await startLocalS3()
    // A folder inside a temporary one: the key file beside it (./db/token-key.ts) goes with it.
    dataDir = join(mkdtempSync(join(tmpdir(), 'studyhub-server-bucket-')), 'data')
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED: 'always',
      FILE_STORAGE: 's3',
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.settings.endpoint,
      S3_ACCESS_KEY_ID: LOCAL_S3_KEY,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_KEY,
    })
    running = await startServer({ ...config, port: 0 }, { identity, logger })
  }, 120_000)
  afterAll(async () => {
    await running?.close()
    await s3?.close()
    rmSync(dirname(dataDir), { recursive: true, force: true })
  })

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${running.url}${path}`, {
      ...init,
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, ...(init.headers as Record<string, string> | undefined) },
    })
  const json = async <T>(response: Response): Promise<T> => {
    expect(response.ok, `${response.status} ${response.url}`).toBe(true)
    return (await response.json()) as T
  }

  it('uploads to the bucket, serves from it and from PostgreSQL, and deletes the object', async () => {
    expect(logger.records.find((r) => r.msg === 'listening')).toMatchObject({ files: 's3://studyhub-test' })

    const [session] = await json<Session[]>(await api('/api/sessions?status=approved&limit=1'))
    tutorEmail = session!.tutorEmail
    const { token } = await json<{ token: string }>(
      await api('/api/jwt', {
        method: 'POST',
        headers: { Authorization: `Bearer ${ID_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: tutorEmail }),
      }),
    )
    const auth = { Authorization: `Bearer ${token}` }
    const seeded = await json<Material[]>(
      await api(`/api/materials/tutor/${encodeURIComponent(tutorEmail)}`, { headers: auth }),
    )
    expect(await s3.keys()).toEqual([])

    const text = 'Chapter 1 notes: limits and derivatives.'
    const form = new FormData()
    form.set('sessionId', session!._id)
    form.set('title', 'Limits')
    form.set('description', 'Week 1')
    form.set('tutorEmail', tutorEmail)
    form.set('file', new File([text], 'limits.txt', { type: 'text/plain' }))
    const { insertedId } = await json<{ insertedId: string }>(
      await api('/api/materials', { method: 'POST', headers: auth, body: form }),
    )

    const mine = await json<Material[]>(
      await api(`/api/materials/tutor/${encodeURIComponent(tutorEmail)}`, { headers: auth }),
    )
    const uploaded = mine.find((m) => m._id === insertedId)!
    const fileId = uploaded.fileUrl.split('/').pop()!
    expect(await s3.keys()).toEqual([`materials/${fileId}`])
    const served = await api(uploaded.fileUrl, { headers: auth })
    expect([served.status, served.headers.get('content-type'), await served.text()]).toEqual([200, 'text/plain', text])

    // A file of the demo data, in PostgreSQL: still served.
    const old = seeded.find((m) => m.fileUrl.startsWith('/api/files/'))!
    expect((await api(old.fileUrl, { headers: auth })).status).toBe(200)

    expect((await api(`/api/materials/${insertedId}`, { method: 'DELETE', headers: auth })).status).toBe(200)
    expect(await s3.keys()).toEqual([])
    expect((await api(uploaded.fileUrl, { headers: auth })).status).toBe(404)
  }, 60_000)
})
