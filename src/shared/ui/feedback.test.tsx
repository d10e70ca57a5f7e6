import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { confirmDialog, FeedbackHost, resetFeedback, showAlert, showToast } from './feedback'

afterEach(() => {
  act(() => resetFeedback())
  vi.useRealTimers()
})

function renderHost() {
  return render(
    <>
      <button type="button">Opener</button>
      <FeedbackHost />
    </>,
  )
}

describe('toasts', () => {
  it('are announced in a status region and leave after their timer', () => {
    vi.useFakeTimers()
    renderHost()
    const region = screen.getAllByRole('status').find((r) => r.dataset.toastRegion === 'top-end')!
    expect(region.getAttribute('aria-live')).toBe('polite')
    act(() => showToast({ title: 'Logged out successfully', icon: 'success', timer: 1800, position: 'top-end' }))
    expect(region.textContent).toContain('Logged out successfully')
    expect(region.querySelector('[data-toast="success"]')).not.toBeNull()
    expect(screen.queryByRole('button', { name: /ok|confirm/i })).toBeNull()
    act(() => vi.advanceTimersByTime(1799))
    expect(region.textContent).toContain('Logged out successfully')
    act(() => vi.advanceTimersByTime(1))
    expect(region.textContent).not.toContain('Logged out successfully')
  })

  it('sit at the bottom unless told otherwise, one at a time: a new one takes the last one’s place', () => {
    renderHost()
    act(() => showToast({ title: 'Note saved', icon: 'success' }))
    const bottom = screen.getAllByRole('status').find((r) => r.dataset.toastRegion === 'bottom')!
    expect(bottom.textContent).toContain('Note saved')
    act(() => showToast({ title: 'Logged out successfully', icon: 'success', position: 'top-end' }))
    expect(document.querySelectorAll('[data-toast]')).toHaveLength(1)
    expect(bottom.textContent).toBe('')
    act(() => showToast({ title: 'Review submitted', icon: 'success' }))
    expect(document.querySelectorAll('[data-toast]')).toHaveLength(1)
    expect(bottom.textContent).toContain('Review submitted')
  })

  it('offer one button, whose press runs its action and closes the toast; no dialog, no focus taken', async () => {
    const user = userEvent.setup()
    renderHost()
    const opener = screen.getByRole('button', { name: 'Opener' })
    opener.focus()
    let undone = 0
    act(() =>
      showToast({ title: 'Note deleted', icon: 'success', action: { label: 'Undo', onAction: () => (undone += 1) } }),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(undone).toBe(1)
    expect(document.querySelector('[data-toast]')).toBeNull()
  })
})

describe('alert dialog', () => {
  it('is modal, labelled by its title, takes focus, and gives it back on OK', async () => {
    const user = userEvent.setup()
    renderHost()
    const opener = screen.getByRole('button', { name: 'Opener' })
    opener.focus()
    let closed = false
    act(
      () =>
        void showAlert({ title: 'Error', text: 'Invalid email or password.', icon: 'error' }).then(
          () => (closed = true),
        ),
    )
    const dialog = screen.getByRole('alertdialog', { name: 'Error' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('Invalid email or password.'))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }))
    await user.click(screen.getByRole('button', { name: 'OK' }))
    await vi.waitFor(() => expect(closed).toBe(true))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('closes on Escape and keeps Tab inside', async () => {
    const user = userEvent.setup()
    renderHost()
    let closed = false
    act(() => void showAlert({ title: 'Heads up', icon: 'info' }).then(() => (closed = true)))
    const ok = screen.getByRole('button', { name: 'OK' })
    await user.tab()
    expect(document.activeElement).toBe(ok)
    await user.keyboard('{Escape}')
    await vi.waitFor(() => expect(closed).toBe(true))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('confirmDialog', () => {
  it('resolves true on confirm and false on cancel or Escape; a dangerous one focuses Cancel first', async () => {
    const user = userEvent.setup()
    renderHost()
    let answer: boolean | undefined
    act(
      () =>
        void confirmDialog({ title: 'Delete note?', confirmLabel: 'Delete', danger: true }).then((a) => (answer = a)),
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await vi.waitFor(() => expect(answer).toBe(true))

    act(() => void confirmDialog({ title: 'Leave?' }).then((a) => (answer = a)))
    await user.keyboard('{Escape}')
    await vi.waitFor(() => expect(answer).toBe(false))

    answer = undefined
    act(() => void confirmDialog({ title: 'Leave?', cancelLabel: 'Stay' }).then((a) => (answer = a)))
    await user.click(screen.getByRole('button', { name: 'Stay' }))
    await vi.waitFor(() => expect(answer).toBe(false))
  })

  it('shows dialogs one at a time, in order', async () => {
    const user = userEvent.setup()
    renderHost()
    act(() => {
      void showAlert({ title: 'First', icon: 'info' })
      void showAlert({ title: 'Second', icon: 'info' })
    })
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    screen.getByRole('dialog', { name: 'First' })
    await user.click(screen.getByRole('button', { name: 'OK' }))
    screen.getByRole('dialog', { name: 'Second' })
  })
})
