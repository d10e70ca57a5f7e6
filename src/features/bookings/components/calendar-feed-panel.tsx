// The student's private calendar feed: an address that calendar apps
// subscribe to (webcal), listing their approved bookings. Anyone with the
// address can read it, so it can be replaced by a new one or turned off.
import { useMutation, useQuery } from '@tanstack/react-query'
import { runWithFeedback } from '#shared/ui/action-feedback'
import { useServerGate } from '#shared/offline/use-server-gate'
import { OfflineReason } from '#shared/offline/offline-reason'
import { calendarFeedMutations, calendarFeedQueries } from '../api/booking-queries'

const BUTTON = 'tap inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold ring-1'

/** The same feed for calendar apps, which subscribe to webcal: addresses. */
const webcal = (url: string) => url.replace(/^https?:/, 'webcal:')

export function CalendarFeedPanel({ email }: { email: string }) {
  const feed = useQuery(calendarFeedQueries.ofStudent(email))
  const create = useMutation(calendarFeedMutations.create())
  const revoke = useMutation(calendarFeedMutations.revoke())
  const { offlineId, needsServer } = useServerGate()
  const url = feed.data?.url ?? null

  const make = () =>
    runWithFeedback(() => create.mutateAsync(email), {
      worked: () => true,
      success: url ? 'New calendar address made' : 'Calendar address made',
      failed: 'Failed to make a calendar address',
    })
  const stop = () =>
    runWithFeedback(() => revoke.mutateAsync(email), {
      worked: (answer) => answer.deletedCount > 0,
      success: 'Calendar address turned off',
      failed: 'Failed to turn off the calendar address',
    })

  return (
    <section aria-labelledby="calendar-feed-title" className="mt-10 rounded-xl border border-line bg-surface p-5">
      <h2 id="calendar-feed-title" className="text-lg font-semibold text-ink">
        Calendar feed
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        A private address that calendar apps subscribe to: it lists your approved bookings. Anyone with the address can
        read it, so keep it to yourself.
      </p>
      {url && (
        <p className="mt-3 text-sm break-all text-ink">
          <a href={webcal(url)} className="font-semibold text-accent underline">
            Subscribe in your calendar app
          </a>
          <span className="mt-1 block">
            Or copy this address: <code data-testid="calendar-feed-url">{url}</code>
          </span>
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={`${BUTTON} text-accent ring-accent hover:bg-accent-soft`}
          onClick={() => void make()}
          {...needsServer}
        >
          {url ? 'Make a new address' : 'Make a calendar address'}
        </button>
        {url && (
          <button
            type="button"
            className={`${BUTTON} text-danger-ink ring-danger-ink hover:bg-danger-soft`}
            onClick={() => void stop()}
            {...needsServer}
          >
            Turn off the address
          </button>
        )}
      </div>
      <OfflineReason id={offlineId} className="mt-2" />
    </section>
  )
}
