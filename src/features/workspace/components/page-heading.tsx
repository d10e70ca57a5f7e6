import type { ReactNode } from 'react'

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children ? <p className="mt-1 text-slate-700">{children}</p> : null}
    </header>
  )
}

/** A loading, empty or failed state of a list, announced to screen readers. */
export function ListState({ kind, children }: { kind: 'loading' | 'empty' | 'error'; children: ReactNode }) {
  if (kind === 'error')
    return (
      <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 font-medium text-red-800">
        {children}
      </p>
    )
  return (
    <p role="status" className="rounded border border-slate-200 bg-slate-50 p-3 text-slate-700">
      {children}
    </p>
  )
}
