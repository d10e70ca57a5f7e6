// The plain reason shown next to a server-only action while offline. Give the
// action `disabled={!online}` and `aria-describedby={id}` so the reason is
// read with it.
import { OFFLINE_REASON, useOnline } from './use-online'

export function OfflineReason({ id, className = '' }: { id?: string; className?: string }) {
  const online = useOnline()
  if (online) return null
  return (
    <p id={id} className={`text-sm text-warn-ink ${className}`}>
      {OFFLINE_REASON}
    </p>
  )
}
