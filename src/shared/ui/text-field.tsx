// A labelled input with an optional hint and error, tied together with ids so
// screen readers read the label, the hint and the error with the field.
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'

const INPUT_CLASS =
  'mt-1 block w-full rounded border border-line-strong bg-surface px-3 py-2 text-ink placeholder:text-ink-muted focus:border-accent focus:outline-none aria-[invalid=true]:border-danger'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  hint?: ReactNode
  error?: string | null
  /** Extra content inside the input's box (the show-password button). */
  trailing?: ReactNode
}

export function TextField({ label, hint, error, trailing, className, ...input }: TextFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        {input.required ? null : <span className="font-normal text-ink-muted"> (optional)</span>}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${INPUT_CLASS} ${trailing ? 'pr-20' : ''}`}
          {...input}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-danger">
          {error}
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
