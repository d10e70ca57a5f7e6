// A labelled input with an optional hint and what is wrong with it, tied
// together with ids so screen readers read the label, the hint and the
// problem with the field (./field-problems.tsx).
import { useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { errorIdOf, FieldError, fieldAttributes, type FieldState } from './field-problems'

const INPUT_CLASS =
  'mt-1 block w-full rounded border border-line-strong bg-surface px-3 py-2 text-ink placeholder:text-ink-muted focus:border-accent focus:outline-none aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The input's id: the form's check finds the field by it (./field-problems.tsx). */
  id: string
  label: string
  hint?: ReactNode
  problem?: FieldState
  /** Extra content inside the input's box (the show-password button). */
  trailing?: ReactNode
}

export function TextField({ id, label, hint, problem, trailing, className, ...input }: TextFieldProps) {
  const hintId = `${id}-hint`
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        {input.required ? null : <span className="font-normal text-ink-muted"> (optional)</span>}
      </label>
      <div className="relative">
        <input
          id={id}
          {...fieldAttributes(problem, [hint ? hintId : undefined])}
          className={`${INPUT_CLASS} ${trailing ? 'pr-20' : ''}`}
          {...input}
        />
        {trailing}
      </div>
      <FieldError id={errorIdOf(id)}>{problem?.error}</FieldError>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-1 my-1 rounded px-2 text-sm font-semibold text-accent hover:bg-muted"
        >
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> password</span>
        </button>
      }
    />
  )
}
