import type { ReactNode } from 'react'

/** One number with its label; a list of these is a <dl> so the pairs read together. */
export function StatCard({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-5 shadow-sm">
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-ink">{value}</dd>
      {detail ? <dd className="mt-2 text-sm text-ink-muted">{detail}</dd> : null}
    </div>
  )
}

export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </dl>
  )
}
