// @vitest-environment node
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LOCK_FILE_NAME, lockFolder } from './folder-lock'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
/** Field 22 of /proc/<pid>/stat, read here independently of the code under test. */
const startTimeOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!
}
const onLinux = existsSync('/proc/self/stat') && existsSync('/proc/sys/kernel/random/boot_id')

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

  const pidIn = () => readFileSync(lockFile(), 'utf8').split('\n')[0]

  it('writes this process id, refuses a second lock while held and frees the folder on release', () => {
    const lock = lockFolder(dir)
    expect(pidIn()).toBe(String(process.pid))
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
    expect(pidIn()).toBe(String(process.pid))
    lock.release()
  })

  it('takes over an unreadable lock file', () => {
    writeFileSync(lockFile(), '')
    const lock = lockFolder(dir)
    expect(pidIn()).toBe(String(process.pid))
    lock.release()
  })

  it('takes over a lock naming our own pid that this process does not hold (a restarted container)', () => {
    writeFileSync(lockFile(), `${process.pid}\n`)
    const lock = lockFolder(dir)
    expect(() => lockFolder(dir)).toThrow('in use by this process')
    lock.release()
  })

  it('refuses a lock of the old form (the pid alone) while that pid runs, naming it', () => {
    // The parent of this test process is alive for as long as the test runs.
    writeFileSync(lockFile(), `${process.ppid}\n`)
    expect(() => lockFolder(dir)).toThrow(`${dir} is in use by another process (pid ${process.ppid})`)
    expect(pidIn()).toBe(String(process.ppid))
  })

  it('does not remove a lock another process took over after release', () => {
    const lock = lockFolder(dir)
    writeFileSync(lockFile(), `${process.ppid}\n`)
    lock.release()
    expect(pidIn()).toBe(String(process.ppid))
  })

  describe.skipIf(!onLinux)('a lock knows its process (Linux: /proc)', () => {
    let children: ChildProcess[] = []
    afterEach(() => {
      for (const child of children) child.kill('SIGKILL')
      children = []
    })

    /** A process of another program that runs until the test ends. */
    async function otherProcess(): Promise<number> {
      const child = spawn('sleep', ['60'], { stdio: 'ignore' })
      children.push(child)
      await once(child, 'spawn')
      return child.pid!
    }

    it('writes when this process started and the boot it runs in', () => {
      const lock = lockFolder(dir)
      expect(readFileSync(lockFile(), 'utf8')).toBe(
        `${process.pid}\nstart ${startTimeOf(process.pid)}\nboot ${bootId()}\n`,
      )
      lock.release()
    })

    it('takes over a lock whose pid now belongs to a process that started at another time (a reused pid)', async () => {
      const pid = await otherProcess()
      const other = Number(startTimeOf(pid)) + 12345
      writeFileSync(lockFile(), `${pid}\nstart ${other}\nboot ${bootId()}\n`)
      const lock = lockFolder(dir)
      expect(pidIn()).toBe(String(process.pid))
      lock.release()
    })

    it('takes over a lock written before the machine started again (another boot id)', async () => {
      const pid = await otherProcess()
      writeFileSync(lockFile(), `${pid}\nstart ${startTimeOf(pid)}\nboot 00000000-0000-4000-8000-000000000000\n`)
      const lock = lockFolder(dir)
      expect(pidIn()).toBe(String(process.pid))
      lock.release()
    })

    it('refuses while the process that wrote the lock runs: another process holding it for real', async () => {
      const holder = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import { lockFolder } from './server/db/folder-lock.ts'
           lockFolder(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000)`,
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      )
      children.push(holder)
      const [line] = (await once(holder.stdout!, 'data')) as [Buffer]
      expect(line.toString().trim()).toBe('locked')
      expect(() => lockFolder(dir)).toThrow(`${dir} is in use by another process (pid ${holder.pid})`)
      expect(pidIn()).toBe(String(holder.pid))
    })
  })
})
