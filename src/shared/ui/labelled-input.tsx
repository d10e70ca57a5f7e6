import type { ComponentProps, ReactNode } from 'react'
import { errorIdOf, FieldError, fieldAttributes, type FieldState } from './field-problems'
import { INPUT, LABEL } from './ui-classes'

export type LabelledInputProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & {
  id: string
  label: ReactNode
  /** Shown under the input and read with it (after any other description). */
  hint?: ReactNode
  /** What is wrong with it, from the form's check (./field-problems.tsx). */
  problem?: FieldState
}

/** A workspace form's input under its label, with an optional hint and what is wrong with it. */
export function LabelledInput({
  id,
  label,
  hint,
  problem,
  'aria-describedby': describedBy,
  ...input
}: LabelledInputProps) {
  const hintId = `${id}-hint`
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        className={INPUT}
        {...fieldAttributes(problem, [describedBy, hint ? hintId : undefined])}
        {...input}
      />
      <FieldError id={errorIdOf(id)}>{problem?.error}</FieldError>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
