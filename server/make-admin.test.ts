// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserRow } from '#core/store'
import { openDatabase } from './db/open-database'
import { makeAdmin, MakeAdminError } from './make-admin'

const user = (email: string, role: UserRow['role'], binding: Pick<UserRow, 'uid' | 'emailVerified'> = {}): UserRow => ({
  _id: `id-${email}`,
  name: email.split('@')[0] ?? email,
  email,
  photo: '',
  role,
  created_at: '2026-01-05T09:00:00.000Z',
  last_log_in: '2026-01-05T09:00:00.000Z',
  uid: null,
  ...binding,
})

describe('makeAdmin on the embedded database', () => {
  let root = ''
  let dataDir = ''
  const config = () => ({ databaseUrl: undefined, dataDir })

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'studyhub-make-admin-'))
    dataDir = join(root, 'data')
    const db = await openDatabase({ dataDir })
    await db.store.users.insert(user('tutor@school.edu', 'tutor'))
    await db.store.users.insert(user('boss@school.edu', 'admin'))
    await db.store.users.insert(user('typed@school.edu', 'student', { uid: 'uid-typed', emailVerified: false }))
    await db.store.users.insert(user('proven@school.edu', 'student', { uid: 'uid-proven', emailVerified: true }))
    await db.close()
  }, 60_000)
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  const userOf = async (email: string) => {
    const db = await openDatabase({ dataDir })
    try {
      return await db.store.users.byEmail(email)
    } finally {
      await db.close()
    }
  }
  const roleOf = async (email: string) => (await userOf(email))?.role

  it('makes a signed-up user an admin, whatever case the email is typed in, ending the tokens of the old role', async () => {
    expect(await makeAdmin(config(), '  Tutor@School.EDU ')).toEqual({
      email: 'tutor@school.edu',
      name: 'tutor',
      previousRole: 'tutor',
    })
    expect(await userOf('tutor@school.edu')).toMatchObject({ role: 'admin', credentialGeneration: 1 })
  }, 60_000)

  it('refuses a user whose email was never verified, and promotes one whose email was', async () => {
    await expect(makeAdmin(config(), 'typed@school.edu')).rejects.toThrow(
      'typed@school.edu has not verified their email with the sign-in provider.',
    )
    expect(await roleOf('typed@school.edu')).toBe('student')
    await makeAdmin(config(), 'proven@school.edu')
    expect(await roleOf('proven@school.edu')).toBe('admin')
  }, 60_000)

  it('changes nothing for an admin', async () => {
    expect(await makeAdmin(config(), 'boss@school.edu')).toMatchObject({ previousRole: 'admin' })
    expect(await roleOf('boss@school.edu')).toBe('admin')
  }, 60_000)

  it('refuses an email nobody signed up with', async () => {
    const refused = makeAdmin(config(), 'nobody@school.edu')
    await expect(refused).rejects.toBeInstanceOf(MakeAdminError)
    await expect(refused).rejects.toThrow(
      'No user with the email nobody@school.edu. They must sign up in the app first; then run this again.',
    )
  }, 60_000)

  it('refuses something that is not an email', async () => {
    await expect(makeAdmin(config(), 'tutor')).rejects.toThrow('"tutor" is not an email address.')
  })

  it('refuses while a server holds the folder', async () => {
    const server = await openDatabase({ dataDir })
    try {
      await expect(makeAdmin(config(), 'tutor@school.edu')).rejects.toThrow(/in use/)
    } finally {
      await server.close()
    }
  }, 60_000)

  it('refuses a folder with no database, without creating one', async () => {
    const empty = join(root, 'never-started')
    await expect(makeAdmin({ databaseUrl: undefined, dataDir: empty }, 'a@school.edu')).rejects.toThrow(
      `No database in ${empty}: start the server once (npm run server) and sign up first.`,
    )
  })
})
