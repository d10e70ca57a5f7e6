import type { ReactNode } from 'react'
import { ALERT_BOX } from '../../../shared/ui/tone-classes'

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      {children ? <p className="mt-1 text-ink-muted">{children}</p> : null}
    </header>
  )
}

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
