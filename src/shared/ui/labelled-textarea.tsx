import type { ComponentProps, ReactNode } from 'react'
import { INPUT, LABEL } from './ui-classes'

export type LabelledTextareaProps = Omit<ComponentProps<'textarea'>, 'id' | 'className'> & {
  id: string
  label: ReactNode
}

/** A workspace form's text area under its label. */
export function LabelledTextarea({ id, label, ...textarea }: LabelledTextareaProps) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <textarea id={id} className={INPUT} {...textarea} />
    </div>
  )
}
