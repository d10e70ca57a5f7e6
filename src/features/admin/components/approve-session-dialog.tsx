import { useId, useRef, useState, type FormEvent } from 'react'
import type { Session } from '../../../contract/entities'
import { ModalDialog } from '../../../shared/ui/modal-dialog'
import { ERROR_TEXT, INPUT, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../workspace/components/ui-classes'
import { approvalFee, type SessionType } from '../session-fee'
import { OfflineReason } from '../../offline/offline-reason'
import { useOnline } from '../../offline/use-online'

export interface ApproveSessionDialogProps {
  session: Session
  /** Resolves when the approval is done; throws to keep the dialog open. */
  onApprove: (choice: { type: SessionType; fee: number }) => Promise<void>
  onClose: () => void
}

export function ApproveSessionDialog({ session, onApprove, onClose }: ApproveSessionDialogProps) {
  const [type, setType] = useState<SessionType>(session.registrationFee > 0 ? 'Paid' : 'Free')
  const [fee, setFee] = useState(session.registrationFee > 0 ? String(session.registrationFee) : '')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const firstRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const online = useOnline()
  const offlineId = useId()
  // Server actions wait for a connection; the reason is read with each one.
  const needsServer = online ? {} : { disabled: true, 'aria-describedby': offlineId }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const value = approvalFee(type, fee)
    if (value < 0) {
      setProblem('The fee cannot be negative.')
      return
    }
    setBusy(true)
    try {
      await onApprove({ type, fee: value })
    } catch {
      setBusy(false)
    }
  }

  return (
    <ModalDialog title="Approve session" description={session.title} onDismiss={onClose} initialFocusRef={firstRef}>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4 text-left">
        <fieldset>
          <legend className={LABEL}>Session type</legend>
          <div className="mt-1 flex gap-6">
            {(['Free', 'Paid'] as const).map((option, index) => (
              <label key={option} className="flex items-center gap-2 text-slate-900">
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
        <div>
          <label htmlFor={`${id}-fee`} className={LABEL}>
            Fee
          </label>
          <input
            id={`${id}-fee`}
            inputMode="decimal"
            value={type === 'Free' ? '0' : fee}
            onChange={(e) => setFee(e.target.value)}
            disabled={type === 'Free'}
            className={INPUT}
            aria-describedby={`${id}-fee-hint`}
          />
          <p id={`${id}-fee-hint`} className="mt-1 text-xs text-slate-700">
            A free session always costs 0. A fee that is not a number counts as 0.
          </p>
        </div>
        {problem ? (
          <p role="alert" className={ERROR_TEXT}>
            {problem}
          </p>
        ) : null}
        <OfflineReason id={offlineId} />
        <div className="flex justify-end gap-3">
          <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={PRIMARY_BUTTON} disabled={busy} {...needsServer}>
            Approve
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
