import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { API_BASE, resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import { api } from '../../../shared/api/http-client'
import { renderWorkspace } from '../../workspace/testing/render-workspace'
import { CreateNoteForm } from './create-note-form'
import { MyNotesList } from './my-notes-list'

const email = 'student@studyhub.demo'

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(email)
})

describe('Create Notes', () => {
  it('refuses blank fields without calling the server', async () => {
    let posted = false
    server.use(
      http.post('*/api/notes', () => {
        posted = true
        return HttpResponse.json({ message: 'should not be called' }, { status: 500 })
      }),
    )
    const user = userEvent.setup()
    renderWorkspace(<CreateNoteForm email={email} />)
    expect(screen.getByLabelText('Email')).toHaveProperty('readOnly', true)
    await user.type(screen.getByLabelText('Title'), '   ')
    await user.type(screen.getByLabelText('Description'), 'Only a description')
    await user.click(screen.getByRole('button', { name: 'Create Note' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Please provide title and description')
    expect(posted).toBe(false)
  })

  it('sends the trimmed note with the student email', async () => {
    const user = userEvent.setup()
    renderWorkspace(<CreateNoteForm email={email} />)
    await user.type(screen.getByLabelText('Title'), '  Derivatives  ')
    await user.type(screen.getByLabelText('Description'), '  Chain rule  ')
    await user.click(screen.getByRole('button', { name: 'Create Note' }))
    expect(await screen.findByText('Note saved')).toBeTruthy()
    // Stored on the device first, then sent by the outbox.
    await waitFor(async () => {
      const notes = await api('listStudentNotes', { params: { email } })
      expect(notes.find((n) => n.title === 'Derivatives')).toMatchObject({ description: 'Chain rule', email })
    })
  })
})

describe('My Notes', () => {
  it('edits with "Both fields are required" and deletes after confirmation', async () => {
    const existing = await api('listStudentNotes', { params: { email } })
    for (const note of existing) await api('deleteNote', { params: { id: note._id } })
    await api('createNote', { body: { email, title: 'Limits', description: 'Epsilon-delta' } })
    const user = userEvent.setup()
    renderWorkspace(<MyNotesList email={email} />)

    await user.click(await screen.findByRole('button', { name: 'Edit Limits' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit note' })
    await user.clear(within(dialog).getByLabelText('Description'))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByRole('alert').textContent).toContain('Both fields are required')

    await user.type(within(dialog).getByLabelText('Description'), 'Squeeze theorem')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit note' })).toBeNull())
    expect(await screen.findByText('Squeeze theorem')).toBeTruthy()

    // Cancel keeps it; confirm deletes it.
    await user.click(screen.getByRole('button', { name: 'Delete Limits' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this note?' })).getByRole('button', {
        name: 'Cancel',
      }),
    )
    expect(screen.getByText('Squeeze theorem')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Delete Limits' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this note?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    expect(await screen.findByText('You have no notes.')).toBeTruthy()
  })

  it('shows the server message when loading fails', async () => {
    server.use(
      http.get(`${API_BASE}/notes/student/:email`, () =>
        HttpResponse.json({ message: 'Notes are down' }, { status: 500 }),
      ),
    )
    renderWorkspace(<MyNotesList email={email} />)
    expect((await screen.findByRole('alert')).textContent).toContain('Notes are down')
  })
})
