// @vitest-environment node
// A backup holds every record, so it must not hold the token secret too: with
// it, whoever reads a backup could sign an admin's token for the live server.
// The database keeps only its half (the meta table's value); the other half is
// the key beside the data folder (or TOKEN_SECRET), which no backup carries.
// Here a backup of the server's folder is restored, the value it holds is
// used as a token secret would be, and the live server on the original folder
// must refuse that token, while one signed as the server signs (both halves)
// is accepted.
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import { APP_TOKEN, signJwt } from '#core/jwt'
import { loadConfig } from '../config'
import { keyFileBeside, tokenSecretOf } from '../db/token-key'
import { memoryLogger } from '../logger'
import { startServer, type RunningServer } from '../main'
import { backupCommand } from './backup-command'
import { captured, withPglite } from './backup-fixtures'
import { restoreCommand } from './restore-command'

describe('a backup alone cannot sign a token', () => {
  let root = ''
  let dataDir = ''
  let running: RunningServer | undefined

  const start = () =>
    startServer(
      { ...loadConfig({ DATA_DIR: dataDir, SEED: 'always', REMINDER_INTERVAL_SECONDS: '0' }), port: 0 },
      {
        identity: { verify: async () => null },
        logger: memoryLogger(),
      },
    )
  const call = (token: string) =>
    fetch(`${running!.url}/api/admin/stats`, {
      headers: { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    })

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'studyhub-backup-secret-'))
    dataDir = join(root, 'data')
    running = await start()
    // Checking a token makes the database's value, so the backup has one to give away.
    expect((await call('not-a-token')).status).toBe(401)
    // Stopped for the backup, as every version of the backup can take it.
    await running.close()
    running = undefined
  }, 120_000)
  afterAll(async () => {
    await running?.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('refuses a token signed with what a backup holds, and accepts one signed with the key beside the folder', async () => {
    const backups = join(root, 'backups')
    const backup = captured()
    expect(await backupCommand([backups], { DATA_DIR: dataDir }, backup.output), backup.lines.err).toBe(0)
    const [file] = readdirSync(backups)
    const restored = join(root, 'restored')
    const restore = captured()
    expect(
      await restoreCommand([join(backups, file!)], { DATA_DIR: restored }, restore.output),
      restore.lines.err,
    ).toBe(0)

    // Everything the backup holds about tokens and admins, read from the restored folder.
    const { value, admin } = await withPglite(restored, async (client) => {
      const meta = await client.query<{ value: string }>(`select value from meta where key = 'token-secret'`)
      const admins = await client.query<{ id: string; email: string; gen: number }>(
        `select id, email, credential_generation as gen from users where role = 'admin' order by id limit 1`,
      )
      return { value: meta.rows[0]?.value, admin: admins.rows[0] }
    })
    expect(value).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(admin).toBeDefined()

    running = await start()
    const now = Math.floor(Date.now() / 1000)
    const subject = { sub: admin!.id, email: admin!.email, gen: admin!.gen }
    const forged = await signJwt(value!, APP_TOKEN, subject, 900, now)
    expect((await call(forged)).status).toBe(401)

    // The other half: the key file beside the data folder, its owner's alone, and in no backup.
    const keyFile = keyFileBeside(dataDir)
    expect(lstatSync(keyFile).mode & 0o777).toBe(0o600)
    const key = readFileSync(keyFile, 'utf8').trim()
    expect(readdirSync(restored, { recursive: true }).filter((name) => String(name).includes('token-key'))).toEqual([])
    const genuine = await signJwt(tokenSecretOf(key, value!), APP_TOKEN, subject, 900, now)
    expect((await call(genuine)).status).toBe(200)
  }, 180_000)
})
