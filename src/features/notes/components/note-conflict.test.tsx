// My Notes with a note changed on two devices: both texts shown, counted in
// the sync status, and each way out (the other version, both as two notes, a
// merge) leaves what the student chose on the server.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { api } from '#shared/api/http-client'
import { notesDb as appDb } from '../offline/note-outbox'
import { renderApp } from '#app/testing/render-app'
import { queueUpdate } from '../offline/note-outbox'
import { createNoteSync } from '../offline/note-sync'
import { MyNotesList } from './my-notes-list'
import { CHANGED_ON_BOTH } from './note-conflict'

const email = 'student@studyhub.demo'

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(email)
  await appDb.notes.clear()
  await appDb.outbox.clear()
})

/** This device edits "Limits" from revision 1 while another device has already saved revision 2. */
async function conflictOnLimits() {
  for (const note of await api('listStudentNotes', { params: { email } })) {
    await api('deleteNote', { params: { id: note._id } })
  }
  const { insertedId: id } = await api('createNote', { body: { email, title: 'Limits', description: 'Draft' } })
  const [created] = await api('listStudentNotes', { params: { email } })
  await appDb.notes.put(created!)
  await queueUpdate(email, id, { title: 'Limits', description: 'Written on the phone' })
  await api('updateNote', {
    params: { id },
    body: { title: 'Limits', description: 'Written on the laptop' },
    ifMatch: 1,
  })
  expect(await createNoteSync({ email, locks: null }).flush()).toMatchObject({ conflicts: 1 })
  return id
}

const serverTexts = async () => (await api('listStudentNotes', { params: { email } })).map((n) => n.description).sort()

describe('a note changed on two devices', () => {
  it('shows both versions and keeps the other one when asked', async () => {
    await conflictOnLimits()
    const user = userEvent.setup()
    renderApp(<MyNotesList email={email} />)
    expect(await screen.findByText(CHANGED_ON_BOTH)).toBeTruthy()
    expect(screen.getByText(/^1 note was changed on two devices/).closest('[role="status"]')).toBeTruthy()
    expect(screen.getByText('Written on the phone')).toBeTruthy()
    expect(screen.getByText('Written on the laptop')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Edit Limits' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Keep the other version of Limits' }))
    await waitFor(() => expect(screen.queryByText('Written on the phone')).toBeNull())
    expect(screen.getByRole('button', { name: 'Edit Limits' })).toBeTruthy()
    expect(await serverTexts()).toEqual(['Written on the laptop'])
  })

  it('keeps both as two notes', async () => {
    await conflictOnLimits()
    const user = userEvent.setup()
    renderApp(<MyNotesList email={email} />)
    await user.click(await screen.findByRole('button', { name: 'Keep both versions of Limits as two notes' }))
    await waitFor(async () => expect(await serverTexts()).toEqual(['Written on the laptop', 'Written on the phone']))
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Edit Limits' })).toHaveLength(2))
  })

  it('saves a merge made from both texts, on the newer revision', async () => {
    const id = await conflictOnLimits()
    const user = userEvent.setup()
    renderApp(<MyNotesList email={email} />)
    await user.click(await screen.findByRole('button', { name: 'Merge the versions of Limits' }))
    const dialog = screen.getByRole('dialog', { name: 'Merge the two versions' })
    const description = within(dialog).getByLabelText<HTMLTextAreaElement>('Description')
    expect(description.value).toBe('Written on the phone\n\nWritten on the laptop')
    await user.clear(description)
    await user.type(description, 'Both, merged')
    await user.click(within(dialog).getByRole('button', { name: 'Save merged note' }))
    await waitFor(async () => expect(await serverTexts()).toEqual(['Both, merged']))
    const [note] = await api('listStudentNotes', { params: { email } })
    expect(note).toMatchObject({ _id: id, revision: 3 })
  })
})
