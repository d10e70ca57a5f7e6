// Back closes what is open before it leaves the page: each dialog adds one
// history entry, Back closes the top one without the page (the router) ever
// hearing of it, and a dialog closed by its own button takes its entry back.
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { confirmDialog, FeedbackHost, resetFeedback, showAlert } from './feedback'
import { ModalDialog } from './modal-dialog'

/** What the router would hear: every popstate that reaches a listener of the page. */
let heard: number
const onPop = () => (heard += 1)
const depth = () => history.length
const marked = () => Object.keys((history.state as object | null) ?? {}).includes('studyhubOverlay')

beforeEach(() => {
  heard = 0
  window.addEventListener('popstate', onPop)
})

afterEach(() => {
  window.removeEventListener('popstate', onPop)
  act(() => resetFeedback())
})

/** Back, as the phone's back gesture does it; resolves once the browser has left the dialog's entry. */
async function back() {
  const from = history.state as unknown
  history.back()
  await waitFor(() => expect(history.state).not.toBe(from))
}

function Page() {
  const [open, setOpen] = useState<string[]>([])
  return (
    <>
      <button type="button" onClick={() => setOpen((o) => [...o, 'Viewer'])}>
        Open viewer
      </button>
      {open.map((title) => (
        <ModalDialog key={title} title={title} onDismiss={() => setOpen((o) => o.filter((t) => t !== title))}>
          <button type="button" onClick={() => setOpen((o) => o.filter((t) => t !== title))}>
            Close {title}
          </button>
          <button type="button" onClick={() => setOpen((o) => [...o, 'Inner'])}>
            Open inner
          </button>
        </ModalDialog>
      ))}
    </>
  )
}

describe('a dialog and Back', () => {
  it('Back closes the open dialog, and the page never hears it', async () => {
    const user = userEvent.setup()
    render(<Page />)
    const before = depth()
    await user.click(screen.getByRole('button', { name: 'Open viewer' }))
    expect(screen.getByRole('dialog', { name: 'Viewer' })).toBeTruthy()
    expect(depth()).toBe(before + 1)
    expect(marked()).toBe(true)

    await back()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(heard).toBe(0)
    expect(marked()).toBe(false)
  })

  it('closes only the top one of two', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.click(screen.getByRole('button', { name: 'Open viewer' }))
    await user.click(screen.getByRole('button', { name: 'Open inner' }))
    expect(screen.getAllByRole('dialog')).toHaveLength(2)

    await back()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull())
    expect(screen.getByRole('dialog', { name: 'Viewer' })).toBeTruthy()
    expect(heard).toBe(0)
  })

  it('closed by its button, takes its entry back, quietly', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.click(screen.getByRole('button', { name: 'Open viewer' }))
    expect(marked()).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Close Viewer' }))
    await waitFor(() => expect(marked()).toBe(false))
    expect(heard).toBe(0)
  })

  it('Back answers a confirm with No; an alert opened by its answer gets an entry of its own', async () => {
    render(<FeedbackHost />)
    let answer: boolean | undefined
    act(() => void confirmDialog({ title: 'Delete this note?' }).then((ok) => (answer = ok)))
    expect(marked()).toBe(true)
    await back()
    await waitFor(() => expect(answer).toBe(false))
    expect(screen.queryByRole('alertdialog')).toBeNull()

    // A confirm whose answer opens an alert: the alert has an entry of its own, and one Back closes it.
    const user = userEvent.setup()
    act(() => void confirmDialog({ title: 'Leave?' }).then(() => void showAlert({ title: 'Done', icon: 'info' })))
    await user.click(screen.getByRole('button', { name: 'OK' }))
    await screen.findByRole('dialog', { name: 'Done' })
    await waitFor(() => expect(marked()).toBe(true))
    await back()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(marked()).toBe(false)
    expect(heard).toBe(0)
  })
})
