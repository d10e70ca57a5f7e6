import type { ComponentProps, ReactNode } from 'react'
import { INPUT, LABEL } from './ui-classes'

export type LabelledInputProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & {
  id: string
  label: ReactNode
  /** Shown under the input and read with it (after any other description). */
  hint?: ReactNode
}

/** A workspace form's input under its label, with an optional hint. */
export function LabelledInput({ id, label, hint, 'aria-describedby': describedBy, ...input }: LabelledInputProps) {
  const hintId = `${id}-hint`
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        className={INPUT}
        aria-describedby={[describedBy, hint ? hintId : ''].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
