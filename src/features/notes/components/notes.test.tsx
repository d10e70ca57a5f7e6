import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { demoDb } from '../../../../mocks/db/demo-db'
import { API_BASE, resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import { api } from '#shared/api/http-client'
import { notesDb as appDb } from '../offline/note-outbox'
import { STORAGE_WRITE_TIMEOUT_MS } from '#shared/db/storage-faults'
import { renderApp } from '#app/testing/render-app'
import { CreateNoteForm, NOTE_STILL_SAVING } from './create-note-form'
import { MyNotesList } from './my-notes-list'

const email = 'student@studyhub.demo'

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(email)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
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
    renderApp(<CreateNoteForm email={email} />)
    expect(screen.getByLabelText('Email')).toHaveProperty('readOnly', true)
    await user.type(screen.getByLabelText('Title'), '   ')
    await user.type(screen.getByLabelText('Description'), 'Only a description')
    await user.click(screen.getByRole('button', { name: 'Create Note' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Please provide title and description')
    expect(posted).toBe(false)
  })

  it('sends the trimmed note with the student email', async () => {
    const user = userEvent.setup()
    renderApp(<CreateNoteForm email={email} />)
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

describe('Create Notes on a slow disk', () => {
  it('says "Still saving…" instead of "not saved", and pressing again still makes one note', async () => {
    const user = userEvent.setup()
    renderApp(<CreateNoteForm email={email} />)
    await user.type(screen.getByLabelText('Title'), 'Slow disk')
    await user.type(screen.getByLabelText('Description'), 'Written once')

    // Only timers are faked (the IndexedDB stand-in runs on setImmediate), and
    // presses are plain events: user-event waits on a timer of its own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // The first save's transaction is held back past the storage timeout, then commits.
    const transaction = appDb.transaction.bind(appDb) as (...args: unknown[]) => Promise<unknown>
    vi.spyOn(appDb, 'transaction').mockImplementationOnce(((...args: unknown[]) =>
      new Promise((resolve) => setTimeout(resolve, STORAGE_WRITE_TIMEOUT_MS + 2_000)).then(() =>
        transaction(...args),
      )) as typeof appDb.transaction)
    fireEvent.click(screen.getByRole('button', { name: 'Create Note' }))

    await act(() => vi.advanceTimersByTimeAsync(STORAGE_WRITE_TIMEOUT_MS))
    expect(screen.getByText(NOTE_STILL_SAVING)).toBeTruthy()
    expect(screen.queryByText('Failed to save the note')).toBeNull()
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Slow disk')

    // The student presses again: the same draft, so the same note.
    fireEvent.click(screen.getByRole('button', { name: 'Create Note' }))
    await act(() => vi.advanceTimersByTimeAsync(2_000))
    vi.useRealTimers()
    expect(await screen.findByText('Note saved')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText(NOTE_STILL_SAVING)).toBeNull())
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('')

    await waitFor(async () => expect(await appDb.outbox.count()).toBe(0))
    const onServer = await demoDb().notes.where('email').equals(email).toArray()
    expect(onServer.filter((n) => n.title === 'Slow disk')).toHaveLength(1)
    expect((await appDb.notes.toArray()).filter((n) => n.title === 'Slow disk')).toHaveLength(1)
  })
})

describe('My Notes', () => {
  it('edits with "Both fields are required" and deletes after confirmation', async () => {
    const existing = await api('listStudentNotes', { params: { email } })
    for (const note of existing) await api('deleteNote', { params: { id: note._id } })
    await api('createNote', { body: { email, title: 'Limits', description: 'Epsilon-delta' } })
    const user = userEvent.setup()
    renderApp(<MyNotesList email={email} />)

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

  it('says "You have no notes." at once when the last note is deleted offline', async () => {
    const existing = await api('listStudentNotes', { params: { email } })
    for (const note of existing) await api('deleteNote', { params: { id: note._id } })
    const { insertedId } = await api('createNote', {
      body: { email, title: 'Last one', description: 'Deleted on the train' },
    })
    const user = userEvent.setup()
    renderApp(<MyNotesList email={email} />)
    await user.click(await screen.findByRole('button', { name: 'Delete Last one' }))
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    act(() => void window.dispatchEvent(new Event('offline')))

    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this note?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    // The delete waits on the device for the connection; the list says what the student now has.
    expect(await screen.findByText('You have no notes.', undefined, { timeout: 2_000 })).toBeTruthy()
    expect(screen.queryByText('Loading notes…')).toBeNull()
    // Its one write waits on the device (an earlier test's delete may still wait out its Undo's time).
    expect(await appDb.outbox.filter((entry) => entry.subject === insertedId).count()).toBe(1)
    offline.mockRestore()
    act(() => void window.dispatchEvent(new Event('online')))
  })

  it('shows the server message when loading fails', async () => {
    server.use(
      http.get(`${API_BASE}/notes/student/:email`, () =>
        HttpResponse.json({ message: 'Notes are down' }, { status: 500 }),
      ),
    )
    renderApp(<MyNotesList email={email} />)
    expect((await screen.findByRole('alert')).textContent).toContain('Notes are down')
  })
})
