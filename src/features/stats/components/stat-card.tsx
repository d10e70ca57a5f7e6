import type { ReactNode } from 'react'

/** One number with its label; a list of these is a <dl> so the pairs read together. */
export function StatCard({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900">{value}</dd>
      {detail ? <dd className="mt-2 text-sm text-slate-700">{detail}</dd> : null}
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

/** While the numbers load, or when they failed to. */
export function StatsState({ error }: { error?: string | null }) {
  return error ? (
    <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 font-medium text-red-800">
      {error}
    </p>
  ) : (
    <p role="status" className="text-slate-700">
      Loading statistics…
    </p>
  )
}
