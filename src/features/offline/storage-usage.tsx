// How much this device keeps for StudyHub, in sizes people read ("2.4 MB of
// 11 GB"), and a way to ask the browser to keep it (persistent storage). On
// Settings (src/app/routes/settings.tsx), not on every page's footer.
import { useCallback, useEffect, useState } from 'react'
import { formatFileSize } from '#shared/format/file-size'
import {
  isPersistenceSupported,
  readStorageUsage,
  requestPersistentStorage,
  subscribeStorageUsage,
  type StorageUsage as Usage,
} from '#shared/db/storage-persistence'
import { whenIdle } from '#shared/scheduling/when-idle'

export function StorageUsage() {
  const [usage, setUsage] = useState<Usage | null>(null)
  const [asked, setAsked] = useState(false)

  const refresh = useCallback(() => {
    void readStorageUsage().then(setUsage)
  }, [])

  useEffect(() => {
    // The line waits for an idle moment: the browser's estimate costs the main
    // thread a few milliseconds, inside the start's one flush of every effect.
    const cancel = whenIdle(refresh)
    const unsubscribe = subscribeStorageUsage(refresh)
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      cancel()
      unsubscribe()
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [refresh])

  if (!usage) return null
  const keep = async () => {
    setAsked(true)
    await requestPersistentStorage()
    refresh()
  }
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>
        Saved on this device: {formatFileSize(usage.usage)}
        {usage.quota > 0 ? ` of ${formatFileSize(usage.quota)} available` : ''}.{' '}
        {usage.persisted
          ? 'The browser keeps it until you remove it.'
          : 'The browser may clear it when space runs low.'}
      </span>
      {!usage.persisted && isPersistenceSupported() && (
        <button
          type="button"
          onClick={() => void keep()}
          className="rounded border border-line-strong px-3 py-2 font-semibold text-ink hover:bg-muted"
        >
          {asked ? 'Ask again to keep data on this device' : 'Keep data on this device'}
        </button>
      )}
    </p>
  )
}
