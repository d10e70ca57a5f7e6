import { beforeEach, describe, expect, it } from 'vitest'
import { api } from '#shared/api/http-client'
import { resetDemoDb, signInAs } from '../../../mocks/testing/sign-in'
import { resetDemoData } from './reset-demo-data'

const STUDENT = 'student@studyhub.demo'

describe('resetDemoData', () => {
  beforeEach(() => resetDemoDb())

  it('puts the demo server back to its seed', async () => {
    await signInAs(STUDENT)
    const before = await api('listStudentNotes', { params: { email: STUDENT } })
    await api('createNote', { body: { email: STUDENT, title: 'Before reset', description: 'gone after' } })
    expect(await api('listStudentNotes', { params: { email: STUDENT } })).toHaveLength(before.length + 1)

    await resetDemoData()

    // The reset replaced the signing secret too: sign in again.
    await signInAs(STUDENT)
    const after = await api('listStudentNotes', { params: { email: STUDENT } })
    expect(after.map((n) => n.title)).not.toContain('Before reset')
    expect(after).toHaveLength(before.length)
  })

  it('rejects when the demo server refuses', async () => {
    const failing: typeof fetch = async () => new Response('{}', { status: 500 })
    await expect(resetDemoData(failing)).rejects.toThrow('The demo server answered 500')
  })
})
