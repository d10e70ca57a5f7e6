// How an admin's session and booking actions report back
// (docs/product.md#messages): a toast on success; on failure the server's
// message, or 'Something went wrong' when it sent none (or answered that
// nothing changed).
import { showAlert, showToast } from '#shared/ui/feedback'
import { serverMessage } from '#shared/api/api-error'

const SOMETHING_WENT_WRONG = 'Something went wrong'

type Outcome = { modifiedCount?: number; deletedCount?: number; success?: boolean; message?: string } | unknown

function failed(result: Outcome): boolean {
  if (!result || typeof result !== 'object') return false
  const r = result as { modifiedCount?: number; deletedCount?: number; success?: boolean }
  return r.success === false || r.modifiedCount === 0 || r.deletedCount === 0
}

/** Runs the action; true when it succeeded. Never throws. */
export async function runAdminAction(action: () => Promise<Outcome>, success: string): Promise<boolean> {
  try {
    const result = await action()
    if (failed(result)) {
      const message = (result as { message?: string }).message
      await showAlert({ title: message || SOMETHING_WENT_WRONG, icon: 'error' })
      return false
    }
    showToast({ title: success, icon: 'success' })
    return true
  } catch (error) {
    await showAlert({ title: serverMessage(error) ?? SOMETHING_WENT_WRONG, icon: 'error' })
    return false
  }
}
