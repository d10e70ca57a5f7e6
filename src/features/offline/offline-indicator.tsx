// The layout's offline notice and storage-fault message. The notice is read
// from the query state of the device-backed queries the screen shows
// (src/shared/offline/device-backed-query.ts): offline when the browser says
// so; "server unreachable" when online but their fetch got no answer at all
// (fetchFailureReason, or the error of the last fetch); and how old the data is (the oldest
// dataUpdatedAt). A screen that says it in its own words keeps the notice away
// (src/shared/offline/own-offline-notice.ts): one offline message a screen.
// Both regions exist from the first render so screen readers announce what
// appears in them.
import { useQueryClient, type QueryCache } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { formatDateTime } from '#shared/format/date'
import { clearStorageFault, useStorageFault } from '#shared/db/storage-status'
import { isDeviceBacked, serverUnanswered } from '#shared/offline/device-backed-query'
import { useScreenSaysOffline } from '#shared/offline/own-offline-notice'
import { useOnline } from '#shared/offline/use-online'
import { TONE } from '#shared/ui/tone-classes'

interface ScreenData {
  /** dataUpdatedAt of the oldest data shown, 0 when none. */
  oldest: number
  /** The last fetch of some query on screen got no answer from the server. */
  unreachable: boolean
}

function readScreenData(cache: QueryCache): string {
  let oldest = 0
  let unreachable = false
  for (const query of cache.getAll()) {
    if (!isDeviceBacked(query) || !query.isActive() || query.state.data === undefined) continue
    const at = query.state.dataUpdatedAt
    if (at > 0 && (oldest === 0 || at < oldest)) oldest = at
    // A failure of the fetch under way, or of the last one (kept while the next is tried).
    const { fetchFailureReason, status, error } = query.state
    if (serverUnanswered({ failureReason: fetchFailureReason, error: status === 'error' ? error : null })) {
      unreachable = true
    }
  }
  // A string, so useSyncExternalStore sees an unchanged value as equal.
  return `${oldest}|${unreachable ? 1 : 0}`
}

function useScreenData(): ScreenData {
  const cache = useQueryClient().getQueryCache()
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache])
  const value = useSyncExternalStore(
    subscribe,
    () => readScreenData(cache),
    () => '0|0',
  )
  const [oldest, unreachable] = value.split('|')
  return { oldest: Number(oldest), unreachable: unreachable === '1' }
}

function offlineNotice(online: boolean, data: ScreenData): string | null {
  const since = data.oldest > 0 ? formatDateTime(data.oldest) : null
  if (!online) {
    return since ? `Offline — showing data from ${since}` : 'Offline — showing what is saved on this device'
  }
  if (data.unreachable && since) return `Server unreachable — showing data from ${since}`
  return null
}

export function OfflineIndicator() {
  const online = useOnline()
  const data = useScreenData()
  const fault = useStorageFault()
  const notice = useScreenSaysOffline() ? null : offlineNotice(online, data)
  const needsReload = fault?.kind === 'versionchange' || fault?.kind === 'blocked' || fault?.kind === 'closed'

  return (
    // Fixed under the navbar, over the page rather than in its flow: the
    // notice comes and goes with the network and must not move the page.
    <div className="fixed inset-x-0 top-16 z-30">
      <div role="status" aria-live="polite">
        {notice && (
          <p
            className={`flex items-center justify-center gap-2 px-4 py-2 text-center text-sm font-medium ${TONE.warn}`}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-4 w-4 shrink-0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01M3 3l18 18" />
            </svg>
            {notice}
          </p>
        )}
      </div>
      <div role="alert">
        {fault && (
          <div className={`flex flex-wrap items-center justify-center gap-3 px-4 py-2 text-sm ${TONE.danger}`}>
            <p>{fault.message}</p>
            {needsReload && (
              <button
                type="button"
                onClick={() => window.location.reload()}
                className="rounded bg-red-800 px-3 py-1 font-semibold text-white hover:bg-red-900"
              >
                Reload
              </button>
            )}
            <button
              type="button"
              onClick={() => clearStorageFault()}
              className="rounded border border-danger-ink px-3 py-1 font-semibold text-danger-ink hover:bg-surface"
            >
              Dismiss
            </button>
          </div>
        )}
      </div>
    </div>
  )
}
