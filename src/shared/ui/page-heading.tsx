import type { ReactNode } from 'react'

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      {children ? <p className="mt-1 text-ink-muted">{children}</p> : null}
    </header>
  )
}
