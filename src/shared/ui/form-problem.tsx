import type { ReactNode } from 'react'
import { ERROR_TEXT } from './ui-classes'

/** What is wrong with a form, announced when it appears; nothing when all is well. */
export function FormProblem({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null
  return (
    <p id={id} role="alert" className={ERROR_TEXT}>
      {children}
    </p>
  )
}
