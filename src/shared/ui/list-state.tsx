import type { ReactNode } from 'react'
import { ALERT_BOX } from './tone-classes'

/** A loading, empty or failed state of a list, announced to screen readers. */
export function ListState({ kind, children }: { kind: 'loading' | 'empty' | 'error'; children: ReactNode }) {
  if (kind === 'error')
    return (
      <p role="alert" className={ALERT_BOX}>
        {children}
      </p>
    )
  return (
    <p role="status" className="rounded border border-line bg-canvas p-3 text-ink-muted">
      {children}
    </p>
  )
}
