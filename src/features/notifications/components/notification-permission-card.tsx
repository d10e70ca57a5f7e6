// The one place the app asks to notify: a compact prompt that says why, and
// asks only when the user presses its button. It sits where being told pays
// off (after a booking, on the details page; under the lists of My Bookings
// and the inbox), never above a list it would push down. "Not now" is
// remembered (./push-permission.ts).
import { useState } from 'react'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '#shared/ui/ui-classes'
import { rememberAsked, shouldAsk, turnOnNotifications } from '../push-permission'

export function NotificationPermissionCard() {
  const [open, setOpen] = useState(shouldAsk)
  const [busy, setBusy] = useState(false)
  if (!open) return null
  return (
    <aside
      aria-labelledby="notify-card-title"
      data-testid="notify-prompt"
      className="mt-6 rounded-lg border border-line bg-surface p-3"
    >
      <h2 id="notify-card-title" className="text-sm font-semibold text-ink">
        Get told when your booking is approved
      </h2>
      <p className="mt-0.5 text-sm text-ink-muted">
        A notification on this device when a booking is approved, a seat comes free or a class is near.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={PRIMARY_BUTTON}
          disabled={busy}
          onClick={() => {
            setBusy(true)
            void turnOnNotifications().finally(() => setOpen(false))
          }}
        >
          Turn on notifications
        </button>
        <button
          type="button"
          className={SECONDARY_BUTTON}
          onClick={() => {
            rememberAsked('not-now')
            setOpen(false)
          }}
        >
          Not now
        </button>
      </div>
    </aside>
  )
}
