// The token secret is made of two halves, and a backup holds only one. The
// database keeps a random value (the meta table, ./pg-store/meta.ts), so it
// is in every backup and every pg_dump; the key kept outside the database is
// TOKEN_SECRET or, for a local embedded database without it, a key file
// beside the data folder (`<DATA_DIR>.token-key`, never inside it, so no copy
// of the folder carries it). Tokens are signed with HMAC-SHA256(key, value):
// whoever has a backup alone cannot sign one the server accepts
// (docs/decisions/0074-private-data-folder-split-token-secret-online-backups.md).
import { createHmac, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createWhole } from './folder-lock'
import { PRIVATE_FOLDER_MODE } from './private-folder'

/** `.data` → `.data.token-key`, in the folder that holds the data folder. */
export function keyFileBeside(dataDir: string): string {
  return `${path.resolve(dataDir)}.token-key`
}

/** The key in `file`, made (random, 0600) by the first process that finds none. */
function keyFromFile(file: string): string {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const key = readFileSync(file, 'utf8').trim()
      if (key) return key
      throw new Error(`The token key file ${file} is empty: delete it, and a new key is made at the next start.`)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    // The data folder's parent may not exist yet on a first start (DATA_DIR=/srv/studyhub/data).
    mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE })
    // Of processes starting at once, one makes it and every one reads that.
    createWhole(file, `${randomBytes(32).toString('base64url')}\n`)
  }
  throw new Error(`Could not make the token key file ${file}.`)
}

/** The key kept outside the database: TOKEN_SECRET, or the key file beside the data folder. */
export function tokenKeyOf(config: { tokenSecret: string | undefined; dataDir: string }): string {
  return config.tokenSecret ?? keyFromFile(keyFileBeside(config.dataDir))
}

/** The secret app tokens and file links are signed with: neither half alone gives it. */
export function tokenSecretOf(key: string, databaseValue: string): string {
  return createHmac('sha256', key).update(databaseValue).digest('base64url')
}
