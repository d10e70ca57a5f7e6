// The bar's sync badge counts what waits to be sent of both kinds, notes'
// writes and bookings' cancels, and leads to the screen that shows them.
// (jsdom joins the hidden prefix to the count without the space a browser keeps.)
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queueCancel } from '#features/bookings/offline/booking-cancel-outbox'
import { queueCreate } from '#features/notes/offline/note-outbox'
import { notesDb as appDb } from '#features/notes/offline/note-outbox'
import { renderApp } from '../testing/render-app'
import SyncBadge from './sync-badge'

const STUDENT = 'student@studyhub.demo'

beforeEach(async () => {
  // Offline: nothing is sent while the badge is read.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  await appDb.outbox.clear()
  await appDb.notes.clear()
})

afterEach(async () => {
  await appDb.outbox.clear()
  await appDb.notes.clear()
})

describe('the sync badge', () => {
  it('counts queued cancels, alone and beside unsent notes', async () => {
    await queueCancel(STUDENT, 'booking-1')
    renderApp(<SyncBadge email={STUDENT} />, { as: 'student' })
    const cancels = await screen.findByRole('link', { name: /^Bookings: ?1 to sync$/ })
    expect(cancels.getAttribute('href')).toBe('/dashboard/my-bookings')

    await queueCreate(STUDENT, { title: 'Unsent', description: 'Written offline' })
    const both = await screen.findByRole('link', { name: /^Notes and bookings: ?2 to sync$/ })
    expect(both.getAttribute('href')).toBe('/dashboard/my-notes')

    await appDb.outbox.clear()
    await appDb.notes.clear()
    await waitFor(() => expect(screen.queryByRole('link')).toBeNull())
  })
})
