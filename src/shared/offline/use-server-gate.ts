// Server actions wait for a connection. The gate is spread onto each such
// control: offline it disables the control and points aria-describedby at the
// <OfflineReason id={offlineId} /> shown on the screen, so the reason is read
// with the action.
import { useId } from 'react'
import { useOnline } from './use-online'

export type ServerGate = { disabled?: true; 'aria-describedby'?: string }

export function useServerGate(): { offlineId: string; needsServer: ServerGate } {
  const online = useOnline()
  const offlineId = useId()
  return { offlineId, needsServer: online ? {} : { disabled: true, 'aria-describedby': offlineId } }
}
