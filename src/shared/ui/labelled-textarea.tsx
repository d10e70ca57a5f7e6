import type { ComponentProps, ReactNode } from 'react'
import { errorIdOf, FieldError, fieldAttributes, type FieldState } from './field-problems'
import { INPUT, LABEL } from './ui-classes'

export type LabelledTextareaProps = Omit<ComponentProps<'textarea'>, 'id' | 'className'> & {
  id: string
  label: ReactNode
  /** What is wrong with it, from the form's check (./field-problems.tsx). */
  problem?: FieldState
}

/** A workspace form's text area under its label. */
export function LabelledTextarea({
  id,
  label,
  problem,
  'aria-describedby': describedBy,
  ...textarea
}: LabelledTextareaProps) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <textarea id={id} className={INPUT} {...fieldAttributes(problem, [describedBy])} {...textarea} />
      <FieldError id={errorIdOf(id)}>{problem?.error}</FieldError>
    </div>
  )
}
