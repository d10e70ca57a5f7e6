// @vitest-environment node
// The key kept outside the database: TOKEN_SECRET when set, otherwise a key
// file beside the data folder, made once (0600) and read by every later start.
// With the database's value it makes the secret, which neither half is alone.
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keyFileBeside, tokenKeyOf, tokenSecretOf } from './token-key'

describe('the token key', () => {
  let root = ''
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'studyhub-token-key-'))
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('is made beside the data folder (not in it) on the first start, its owner’s alone, and kept', () => {
    const dataDir = path.join(root, 'school', 'data')
    const file = keyFileBeside(dataDir)
    expect(file).toBe(path.join(root, 'school', 'data.token-key'))
    const key = tokenKeyOf({ tokenSecret: undefined, dataDir })
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(readFileSync(file, 'utf8').trim()).toBe(key)
    expect(lstatSync(file).mode & 0o777).toBe(0o600)
    expect(tokenKeyOf({ tokenSecret: undefined, dataDir })).toBe(key)
  })

  it('is TOKEN_SECRET when set, and then no file is made', () => {
    const dataDir = path.join(root, 'set', 'data')
    expect(tokenKeyOf({ tokenSecret: 'from-the-environment', dataDir })).toBe('from-the-environment')
    expect(existsSync(keyFileBeside(dataDir))).toBe(false)
  })

  it('makes a secret that is neither half, and changes with either', () => {
    const secret = tokenSecretOf('key', 'value')
    expect(secret).not.toBe('key')
    expect(secret).not.toBe('value')
    expect(tokenSecretOf('key', 'value')).toBe(secret)
    expect(tokenSecretOf('other key', 'value')).not.toBe(secret)
    expect(tokenSecretOf('key', 'other value')).not.toBe(secret)
  })
})
