import { useId, useRef, useState, type ReactNode } from 'react'
import type { Session } from '#contract/entities'
import { MAX_FEE } from '#contract/limits'
import { useFieldProblems } from '#shared/ui/field-problems'
import { LabelledInput } from '#shared/ui/labelled-input'
import { LABEL } from '#shared/ui/ui-classes'
import { approvalFee, type SessionType } from '../session-fee'
import { DialogForm } from '#shared/ui/dialog-form'

export interface ApproveSessionDialogProps {
  session: Session
  /** Resolves when the approval is done; throws to keep the dialog open. */
  onApprove: (choice: { type: SessionType; fee: number }) => Promise<void>
  onClose: () => void
  /** The course's schedule, when it has one (the sessions feature's, put here by the route). */
  schedule?: ReactNode
}

export function ApproveSessionDialog({ session, onApprove, onClose, schedule }: ApproveSessionDialogProps) {
  const [type, setType] = useState<SessionType>(session.registrationFee > 0 ? 'Paid' : 'Free')
  const [fee, setFee] = useState(session.registrationFee > 0 ? String(session.registrationFee) : '')
  const firstRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const { formRef, show, field } = useFieldProblems<'fee'>((name) => `${id}-${name}`)

  function check() {
    const value = approvalFee(type, fee)
    const problem =
      value < 0 ? 'The fee cannot be negative.' : value > MAX_FEE ? `The fee must be at most ${MAX_FEE}.` : null
    if (!show(problem ? [{ message: problem, fields: ['fee'] }] : [])) return null
    return () => onApprove({ type, fee: value })
  }

  return (
    <DialogForm
      title="Approve session"
      description={session.title}
      initialFocusRef={firstRef}
      submitLabel="Approve"
      formRef={formRef}
      onSubmit={check}
      onClose={onClose}
    >
      {/* What the admin approves: a course's every meeting, not only its first. */}
      {schedule}
      <fieldset>
        <legend className={LABEL}>Session type</legend>
        <div className="mt-1 flex gap-6">
          {(['Free', 'Paid'] as const).map((option, index) => (
            <label key={option} className="flex items-center gap-2 text-ink">
              <input
                ref={index === 0 ? firstRef : undefined}
                type="radio"
                name={`${id}-type`}
                value={option}
                checked={type === option}
                onChange={() => setType(option)}
              />
              {option}
            </label>
          ))}
        </div>
      </fieldset>
      <LabelledInput
        id={`${id}-fee`}
        label="Fee"
        hint="A free session always costs 0. A fee that is not a number counts as 0."
        inputMode="decimal"
        value={type === 'Free' ? '0' : fee}
        onChange={(e) => setFee(e.target.value)}
        disabled={type === 'Free'}
        problem={field('fee')}
      />
    </DialogForm>
  )
}
