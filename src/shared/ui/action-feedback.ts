// How a workspace screen reports a server action it runs itself: a toast when
// it worked; an alert titled with the screen's failure message otherwise, with
// the server's reason as its text when there is one.
import { confirmDialog, showAlert, showToast } from './feedback'
import { serverMessage } from '../api/api-error'

export async function runWithFeedback<R>(
  action: () => Promise<R>,
  {
    worked,
    success,
    failed,
    reason = serverMessage,
  }: {
    /** Whether the answer says something changed (e.g. modifiedCount > 0). */
    worked: (result: R) => boolean
    /** The toast's title, or what the answer makes it (a cancel sent or only queued). */
    success: string | ((result: R) => string)
    failed: string
    /** The alert's text when the call itself failed. */
    reason?: (error: unknown) => string | undefined
  },
): Promise<void> {
  try {
    const result = await action()
    if (worked(result)) showToast({ title: typeof success === 'string' ? success : success(result), icon: 'success' })
    else await showAlert({ title: failed, icon: 'error' })
  } catch (error) {
    await showAlert({ title: failed, text: reason(error), icon: 'error' })
  }
}

/** Asks before a delete that cannot be undone; true when confirmed. */
export function confirmDelete(title: string, text: string): Promise<boolean> {
  return confirmDialog({ title, text, confirmLabel: 'Delete', danger: true })
}
