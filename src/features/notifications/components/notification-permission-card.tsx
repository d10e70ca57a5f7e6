// The one place the app asks to notify: a card, shown after a sign-in (on the
// inbox and on a student's bookings), that says why, and asks only when the
// user presses its button. "Not now" is remembered (./push-permission.ts).
import { useState } from 'react'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '#shared/ui/ui-classes'
import { rememberAsked, shouldAsk, turnOnNotifications } from '../push-permission'

export function NotificationPermissionCard() {
  const [open, setOpen] = useState(shouldAsk)
  const [busy, setBusy] = useState(false)
  if (!open) return null
  return (
    <aside aria-labelledby="notify-card-title" className="mt-4 rounded-lg border border-line bg-surface p-4">
      <h2 id="notify-card-title" className="font-semibold text-ink">
        Get told when your booking is approved
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        StudyHub can show a notification on this device when something changes for you: a booking approved, a seat that
        came free, a class starting within 24 hours. Your browser will ask you to allow it.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
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
