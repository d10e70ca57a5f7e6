// @vitest-environment node
// The archive format of the backups: a folder packed and unpacked comes back
// byte for byte (names past ustar's 100 bytes, empty and binary files, modes),
// GNU tar reads what we write and we read what it writes, and an archive that
// is damaged, cut short or names a path outside the folder is refused.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { packEntries, packFolder, placeUnder, readEntries, TarError, writeEntry, type TarInput } from './tar-archive'

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const all: Uint8Array[] = []
  for await (const chunk of chunks) all.push(chunk)
  return Buffer.concat(all)
}

async function* inPieces(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function unpack(archive: Buffer, into: string, pieceSize = 777): Promise<void> {
  for await (const { entry, data } of readEntries(inPieces(archive, pieceSize))) await writeEntry(into, entry, data)
}

/** Every file and folder under `dir`: relative name → bytes (files) or 'folder', with the mode. */
function listing(dir: string, under = ''): Record<string, { mode: number; bytes?: string }> {
  const found: Record<string, { mode: number; bytes?: string }> = {}
  for (const name of readdirSync(join(dir, under)).sort()) {
    const rel = under === '' ? name : `${under}/${name}`
    const stats = statSync(join(dir, rel))
    if (stats.isDirectory()) {
      found[rel] = { mode: stats.mode & 0o777 }
      Object.assign(found, listing(dir, rel))
    } else {
      found[rel] = { mode: stats.mode & 0o777, bytes: readFileSync(join(dir, rel)).toString('base64') }
    }
  }
  return found
}

describe('tar archives of a data folder', () => {
  let root = ''
  let source = ''
  const longFolder = `${'deep-folder-name-'.repeat(5)}x`
  const longFile = `${'a-file-name-that-is-long-'.repeat(3)}end`

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'studyhub-tar-'))
    source = join(root, 'source')
    mkdirSync(join(source, 'base', '5', longFolder), { recursive: true, mode: 0o700 })
    writeFileSync(join(source, 'PG_VERSION'), '18\n', { mode: 0o600 })
    writeFileSync(join(source, 'empty'), '', { mode: 0o644 })
    writeFileSync(join(source, 'base', '5', '1259'), randomBytes(3 * 1024 * 1024 + 5), { mode: 0o600 })
    writeFileSync(join(source, 'base', '5', longFolder, longFile), randomBytes(511), { mode: 0o640 })
    mkdirSync(join(source, 'pg_notify'), { mode: 0o700 })
    writeFileSync(join(source, 'studyhub.lock'), '123\n')
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('packs a folder and unpacks it byte for byte, leaving out what it is told to skip', async () => {
    expect(`base/5/${longFolder}/${longFile}`.length).toBeGreaterThan(100)
    const archive = await collect(packFolder(source, { skip: (name) => name === 'studyhub.lock' }))
    expect(archive.length % 512).toBe(0)
    const target = join(root, 'target')
    mkdirSync(target)
    await unpack(archive, target)
    const expected = listing(source)
    delete expected['studyhub.lock']
    expect(listing(target)).toEqual(expected)
    expect(statSync(join(target, 'base', '5', '1259')).mtimeMs).toBe(
      Math.floor(statSync(join(source, 'base', '5', '1259')).mtimeMs / 1000) * 1000,
    )
  })

  it('is read by GNU tar, and reads what GNU tar writes', async () => {
    const ours = join(root, 'ours.tar')
    writeFileSync(ours, await collect(packFolder(source)))
    const byTar = join(root, 'by-tar')
    mkdirSync(byTar)
    execFileSync('tar', ['-xf', ours, '-C', byTar])
    expect(listing(byTar)).toEqual(listing(source))

    const theirs = execFileSync('tar', ['--format=ustar', '-cf', '-', '-C', source, '.'], {
      maxBuffer: 64 * 1024 * 1024,
    })
    const byUs = join(root, 'by-us')
    mkdirSync(byUs)
    for await (const { entry, data } of readEntries(inPieces(theirs, 4096))) {
      // GNU tar names the folder itself "."; the entries under it are "./name".
      if (entry.name === '.') continue
      await writeEntry(byUs, { ...entry, name: entry.name.replace(/^\.\//, '') }, data)
    }
    expect(listing(byUs)).toEqual(listing(source))
  })

  it('refuses an archive cut short', async () => {
    const archive = await collect(packFolder(source))
    const target = join(root, 'target')
    mkdirSync(target)
    await expect(unpack(archive.subarray(0, archive.length - 2048), target)).rejects.toThrow(
      new TarError('The archive is cut short: it ends in the middle of an entry.'),
    )
  })

  it('refuses a damaged header', async () => {
    const archive = await collect(packFolder(source))
    archive[3] = archive[3]! ^ 0x20
    await expect(unpack(archive, root)).rejects.toThrow('does not match its checksum')
  })

  it('refuses names that would leave the folder it is unpacked into', async () => {
    for (const name of ['../escaped', 'a/../../escaped', '/etc/escaped', 'a//b', 'a\\..\\b', '']) {
      expect(() => placeUnder(root, name), name).toThrow(TarError)
    }
    const evil: TarInput = {
      entry: { name: '../escaped', kind: 'file', mode: 0o644, mtime: new Date(), size: 4 },
      data: Buffer.from('evil'),
    }
    const target = join(root, 'target')
    mkdirSync(target)
    await expect(unpack(await collect(packEntries([evil])), target)).rejects.toThrow('would leave the folder')
    expect(readdirSync(root).sort()).toEqual(['source', 'target'])
  })

  it('refuses to archive a file whose size is not what its entry says', async () => {
    const lying: TarInput = {
      entry: { name: 'grew', kind: 'file', mode: 0o644, mtime: new Date(), size: 3 },
      data: Buffer.from('four'),
    }
    await expect(collect(packEntries([lying]))).rejects.toThrow('grew changed size while it was archived.')
  })
})
