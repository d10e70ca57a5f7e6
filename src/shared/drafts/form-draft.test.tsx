// A form's draft survives its form going away (a reload), per key, until it
// is submitted; only a form on screen with text counts as unsaved.
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { forgetDrafts, hasUnsavedText, useFormDraft } from './form-draft'

function Form({ who }: { who: string }) {
  const { draft, edit, clear } = useFormDraft(`test-form:${who}`, () => ({ title: '', stars: 0 }))
  return (
    <form>
      <label>
        Title
        <input value={draft.title} onChange={(e) => edit({ title: e.target.value })} />
      </label>
      <button type="button" onClick={() => edit({ stars: draft.stars + 1 })}>
        Stars {draft.stars}
      </button>
      <button type="button" onClick={clear}>
        Submitted
      </button>
    </form>
  )
}

it('restores the text after the form is gone and back, and forgets it once submitted', async () => {
  const user = userEvent.setup()
  const first = render(<Form who="ana" />)
  expect(hasUnsavedText()).toBe(false)
  await user.type(screen.getByLabelText('Title'), 'Half a thought')
  await user.click(screen.getByRole('button', { name: 'Stars 0' }))
  expect(hasUnsavedText()).toBe(true)
  first.unmount()
  // The form is gone (its draft is stored): nothing on screen to lose.
  expect(hasUnsavedText()).toBe(false)

  render(<Form who="ana" />)
  expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Half a thought')
  expect(screen.getByRole('button', { name: 'Stars 1' })).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Submitted' }))
  expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('')
  expect(hasUnsavedText()).toBe(false)
  expect(Object.keys(sessionStorage)).toEqual([])
})

it("keeps each user's draft apart, ignores a malformed one, and forgets them all at logout", async () => {
  const user = userEvent.setup()
  const { rerender } = render(<Form who="ana" />)
  await user.type(screen.getByLabelText('Title'), 'Ana wrote this')
  rerender(<Form who="ben" />)
  expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('')
  rerender(<Form who="ana" />)
  expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Ana wrote this')

  sessionStorage.setItem('studyhub-draft:test-form:cy', JSON.stringify({ title: 42, stars: 'many' }))
  rerender(<Form who="cy" />)
  expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('')
  expect(screen.getByRole('button', { name: 'Stars 0' })).toBeTruthy()

  act(() => forgetDrafts())
  expect(Object.keys(sessionStorage).filter((k) => k.startsWith('studyhub-draft:'))).toEqual([])
})
