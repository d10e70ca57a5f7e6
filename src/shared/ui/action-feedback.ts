// How a workspace screen reports a server action it runs itself: a toast when
// it worked (with Undo when the action can still be taken back); an alert
// titled with the screen's failure message otherwise, with the server's reason
// as its text when there is one.
import { confirmDialog, showAlert, showToast } from './feedback'
import { serverMessage } from '../api/api-error'
import { UNDO_TOAST_MS } from '../offline/undo-time'

export async function runWithFeedback<R>(
  action: () => Promise<R>,
  {
    worked,
    success,
    failed,
    reason = serverMessage,
    undo,
  }: {
    /** Whether the answer says something changed (e.g. modifiedCount > 0). */
    worked: (result: R) => boolean
    /** The toast's title, or what the answer makes it (a cancel sent or only queued). */
    success: string | ((result: R) => string)
    failed: string
    /** The alert's text when the call itself failed. */
    reason?: (error: unknown) => string | undefined
    /** What the toast's Undo does, for an action held back a few seconds (a cancel, a delete). */
    undo?: (result: R) => () => void
  },
): Promise<void> {
  try {
    const result = await action()
    if (!worked(result)) {
      await showAlert({ title: failed, icon: 'error' })
      return
    }
    const title = typeof success === 'string' ? success : success(result)
    if (!undo) showToast({ title, icon: 'success' })
    else showToast({ title, icon: 'success', timer: UNDO_TOAST_MS, action: { label: 'Undo', onAction: undo(result) } })
  } catch (error) {
    await showAlert({ title: failed, text: reason(error), icon: 'error' })
  }
}

/** Asks before a delete that cannot be undone; true when confirmed. */
export function confirmDelete(title: string, text: string): Promise<boolean> {
  return confirmDialog({ title, text, confirmLabel: 'Delete', danger: true })
}
