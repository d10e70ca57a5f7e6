// How every form says what is wrong before it sends anything: each problem
// beside the field it is about, every field it concerns marked invalid and
// described by it, and the focus on the first invalid field (in the form's
// order), so a phone scrolls there and a screen reader reads the label with
// the problem. One problem may concern several fields ("Please fill in every
// required field."): it is shown once, under the first of them. What the
// server or the identity provider refuses stays with the screen's dialogs.
import { useEffect, useRef, useState } from 'react'

export interface FieldProblem<F extends string = string> {
  message: string
  /** The fields it concerns, in the form's order; the message is shown under the first. */
  fields: readonly F[]
}

/** What a field shows: whether it is invalid, the message shown under it, and the message that describes it. */
export interface FieldState {
  invalid?: boolean
  /** The message shown under this field (it is the first field its problem concerns). */
  error?: string
  /** The id of the message that describes this field. */
  errorId?: string
}

/** The id of the message shown under the field whose input has `inputId`. */
export const errorIdOf = (inputId: string) => `${inputId}-error`

/** The attributes that tie an input to its state, after any description it already has. */
export function fieldAttributes(state: FieldState | undefined, describedBy: (string | undefined)[]) {
  const ids = [...describedBy, state?.invalid ? state.errorId : undefined].filter(Boolean).join(' ')
  return { 'aria-invalid': state?.invalid ? true : undefined, 'aria-describedby': ids || undefined }
}

/** The message under a field, announced when it appears (a file refused as it is picked); nothing when it has none. */
export function FieldError({ id, children }: { id: string; children: string | undefined }) {
  if (!children) return null
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-danger" data-testid="field-error">
      {children}
    </p>
  )
}

/**
 * A form's problems: `show` them after a check (true when there are none), `field` gives each field its state.
 * `inputId` names a field's input (its message's id is made from it). Attach `formRef` to the form.
 */
export function useFieldProblems<F extends string>(inputId: (field: F) => string) {
  const formRef = useRef<HTMLFormElement>(null)
  const [problems, setProblems] = useState<readonly FieldProblem<F>[]>([])
  // Each failed check moves the focus again, even when the problems are the same as last time.
  const [checks, setChecks] = useState(0)
  useEffect(() => {
    if (checks > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [checks])

  function show(next: readonly FieldProblem<F>[]): boolean {
    setProblems(next)
    if (next.length > 0) setChecks((n) => n + 1)
    return next.length === 0
  }

  function field(name: F): FieldState {
    const problem = problems.find((p) => p.fields.includes(name))
    if (!problem) return {}
    const first = problem.fields[0]!
    return { invalid: true, error: first === name ? problem.message : undefined, errorId: errorIdOf(inputId(first)) }
  }

  return { formRef, show, field, problems }
}
