// The one place the app asks to notify: a compact prompt that says why, and
// asks only when the user presses its button. It sits where being told pays
// off (after a booking, on the details page; under the lists of My Bookings
// and the inbox), never above a list it would push down. "Not now" is
// remembered (./push-permission.ts). On an iPhone or iPad browser tab, where
// push needs the app on the home screen, it says how to put it there and
// offers email instead: one press turns email on for the kinds mailed by
// default (a user may have turned them off).
import { useMutation } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { MAILED_BY_DEFAULT_KINDS } from '#contract/mailed-by-default'
import { errorMessage } from '#shared/api/api-error'
import { OfflineReason } from '#shared/offline/offline-reason'
import { useServerGate } from '#shared/offline/use-server-gate'
import { ListState } from '#shared/ui/list-state'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '#shared/ui/ui-classes'
import { preferenceMutations } from '../api/preference-queries'
import { rememberAsked, shouldAsk, shouldOfferEmail, turnOnNotifications } from '../push-permission'

const EMAIL_DEFAULT_KINDS = {
  channels: Object.fromEntries(MAILED_BY_DEFAULT_KINDS.map((kind) => [kind, { email: true }])),
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside
      aria-labelledby="notify-card-title"
      data-testid="notify-prompt"
      className="mt-6 rounded-lg border border-line bg-surface p-3"
    >
      <h2 id="notify-card-title" className="text-sm font-semibold text-ink">
        {title}
      </h2>
      {children}
    </aside>
  )
}

/** "Not now": remembered, so the card does not come back. */
function NotNow({ close }: { close: () => void }) {
  return (
    <button
      type="button"
      className={SECONDARY_BUTTON}
      onClick={() => {
        rememberAsked('not-now')
        close()
      }}
    >
      Not now
    </button>
  )
}

function PushCard({ close }: { close: () => void }) {
  const [busy, setBusy] = useState(false)
  return (
    <Card title="Get told when your booking is approved">
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
            void turnOnNotifications().finally(close)
          }}
        >
          Turn on notifications
        </button>
        <NotNow close={close} />
      </div>
    </Card>
  )
}

function EmailInsteadCard({ close }: { close: () => void }) {
  const turnOn = useMutation({ ...preferenceMutations.save(), onSuccess: () => rememberAsked('email') })
  const { offlineId, needsServer } = useServerGate()
  if (turnOn.isSuccess)
    return (
      <Card title="Emails are on">
        <p role="status" className="mt-0.5 text-sm text-ink">
          You will get an email when a booking is decided or cancelled, a seat comes free and before each class. Change
          it in{' '}
          <Link to="/settings" className="font-semibold text-accent underline">
            Settings
          </Link>
          .
        </p>
      </Card>
    )
  return (
    <Card title="Get told on your iPhone or iPad">
      <p className="mt-0.5 text-sm text-ink-muted">
        Notifications there need StudyHub on your home screen: tap Share, then Add to Home Screen, and open StudyHub
        from there. Or get emails instead.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={PRIMARY_BUTTON}
          aria-busy={turnOn.isPending}
          {...needsServer}
          onClick={() => {
            if (!turnOn.isPending) turnOn.mutate(EMAIL_DEFAULT_KINDS)
          }}
        >
          Email me instead
        </button>
        <NotNow close={close} />
      </div>
      <OfflineReason id={offlineId} className="mt-2" />
      {turnOn.isError ? (
        <div className="mt-2 text-sm">
          <ListState kind="error">{`Emails were not turned on: ${errorMessage(turnOn.error)}`}</ListState>
        </div>
      ) : null}
    </Card>
  )
}

export function NotificationPermissionCard() {
  const [shown, setShown] = useState<'push' | 'email' | null>(() =>
    shouldAsk() ? 'push' : shouldOfferEmail() ? 'email' : null,
  )
  const close = () => setShown(null)
  if (shown === 'push') return <PushCard close={close} />
  if (shown === 'email') return <EmailInsteadCard close={close} />
  return null
}
