// Demo builds only: puts the demo server's data back to its first-start seed.
// The reset also replaces the server's signing secret and accounts, so every
// token this device holds is void afterwards: the user is signed out and the
// page starts afresh.
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { DEMO_RESET_PATH, demoPages } from '#contract/demo-identity'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/headers'
import { whenApiReady } from '#shared/api/api-ready'
import { confirmDialog, showAlert } from '#shared/ui/feedback'
import { useOnline, OFFLINE_REASON } from '#shared/offline/use-online'
import { errorMessage } from '#shared/api/api-error'

export async function resetDemoData(fetchImpl: typeof fetch = fetch): Promise<void> {
  await whenApiReady()
  const response = await fetchImpl(new URL(DEMO_RESET_PATH, location.origin), {
    method: 'POST',
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  })
  if (!response.ok) throw new Error(`The demo server answered ${response.status}`)
}

/** logOut: signs out whoever is signed in (the reset voids their token); absent when nobody is. */
export function ResetDemoData({ logOut }: { logOut?: () => Promise<unknown> }) {
  const online = useOnline()
  const [busy, setBusy] = useState(false)

  async function onReset() {
    const confirmed = await confirmDialog({
      title: 'Reset the demo data?',
      text: 'Every session, booking, review, note and material goes back to the demo seed, and you will be signed out.',
      confirmLabel: 'Reset demo data',
      danger: true,
    })
    if (!confirmed) return
    setBusy(true)
    try {
      await resetDemoData()
      if (logOut) await logOut()
      window.location.assign('/')
    } catch (error) {
      setBusy(false)
      await showAlert({
        title: 'Error',
        text: errorMessage(error, 'Please try again'),
        icon: 'error',
      })
    }
  }

  return (
    <p className="flex flex-wrap items-center gap-2">
      <span>Demo mode: the data lives on this device.</span>
      {/* The mail the demo server would have sent (docs/decisions/0081-demo-mailbox.md). */}
      <Link to={demoPages.mailbox} className="tap inline-flex items-center font-medium text-accent underline">
        Mailbox
      </Link>
      <button
        type="button"
        onClick={() => void onReset()}
        disabled={busy || !online}
        aria-describedby={online ? undefined : 'reset-demo-offline'}
        className="rounded border border-line-strong px-2 py-1 font-medium text-ink hover:bg-muted disabled:opacity-60"
      >
        {busy ? 'Resetting…' : 'Reset demo data'}
      </button>
      {!online && <span id="reset-demo-offline">{OFFLINE_REASON}</span>}
    </p>
  )
}
