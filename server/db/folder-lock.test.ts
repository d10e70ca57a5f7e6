// @vitest-environment node
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LOCK_FILE_NAME, lockFolder } from './folder-lock'

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  expect(child.status).toBe(0)
  return child.pid!
}

describe('lockFolder', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'studyhub-lock-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const lockFile = () => path.join(dir, LOCK_FILE_NAME)

  it('writes this process id, refuses a second lock while held and frees the folder on release', () => {
    const lock = lockFolder(dir)
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid))
    expect(() => lockFolder(dir)).toThrow(`${dir} is in use by this process (pid ${process.pid})`)

    lock.release()
    expect(existsSync(lockFile())).toBe(false)
    const again = lockFolder(dir)
    again.release()
    // No drafts or moved-aside files are left behind.
    expect(readdirSync(dir)).toEqual([])
  })

  it('creates a missing folder', () => {
    const nested = path.join(dir, 'a', 'b')
    const lock = lockFolder(nested)
    expect(existsSync(path.join(nested, LOCK_FILE_NAME))).toBe(true)
    lock.release()
  })

  it('takes over a lock left by a process that died', () => {
    writeFileSync(lockFile(), `${deadPid()}\n`)
    const lock = lockFolder(dir)
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid))
    lock.release()
  })

  it('takes over an unreadable lock file', () => {
    writeFileSync(lockFile(), '')
    const lock = lockFolder(dir)
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid))
    lock.release()
  })

  it('takes over a lock naming our own pid that this process does not hold (a restarted container)', () => {
    writeFileSync(lockFile(), `${process.pid}\n`)
    const lock = lockFolder(dir)
    expect(() => lockFolder(dir)).toThrow('in use by this process')
    lock.release()
  })

  it('refuses while another live process holds it, naming that pid', () => {
    // The parent of this test process is alive for as long as the test runs.
    writeFileSync(lockFile(), `${process.ppid}\n`)
    expect(() => lockFolder(dir)).toThrow(`${dir} is in use by another process (pid ${process.ppid})`)
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.ppid))
  })

  it('does not remove a lock another process took over after release', () => {
    const lock = lockFolder(dir)
    writeFileSync(lockFile(), `${process.ppid}\n`)
    lock.release()
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.ppid))
  })
})
