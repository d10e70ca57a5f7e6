// The two dialogs of booking a session (docs/product.md#booking). A paid session is summed up before it is
// booked (what, when, how much), so one tap never spends money unseen; a free one books at once. "Booked!"
// then says what happens next and offers the class to the student's calendar, as a booking confirmation should.
import { useRef, useState } from 'react'
import type { Session } from '#contract/entities'
import { classEvent } from '#contract/rules'
import { errorMessage } from '#shared/api/api-error'
import { formatWhen } from '#shared/format/date'
import { formatFee } from '#shared/format/number'
import { showAlert } from '#shared/ui/feedback'
import { ModalDialog } from '#shared/ui/modal-dialog'
import { StatusIcon } from '#shared/ui/status-icon'
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '#shared/ui/ui-classes'
import { downloadBookingCalendar } from '../download-calendar'

type Summed = Pick<Session, 'title' | 'classStart' | 'duration' | 'registrationFee'>

/** The class's time, as every summary of a booking says it. */
export function classWhen(session: Pick<Session, 'classStart' | 'duration'>): string {
  const { start, end } = classEvent(session)
  return formatWhen(start, end)
}

function Summary({ session }: { session: Summed }) {
  return (
    <dl className="mt-4 space-y-2 rounded-lg bg-canvas p-4 text-left text-ink">
      <div>
        <dt className="text-sm text-ink-muted">Session</dt>
        <dd className="font-semibold">{session.title}</dd>
      </div>
      <div>
        <dt className="text-sm text-ink-muted">Class</dt>
        <dd>
          <time dateTime={session.classStart}>{classWhen(session)}</time>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-ink-muted">Fee</dt>
        <dd className="font-semibold" data-testid="summary-fee">
          {formatFee(session.registrationFee)}
        </dd>
      </div>
    </dl>
  )
}

const ROW = 'mt-6 flex flex-wrap justify-center gap-3'

/** Before a paid session is booked: what the student is about to book, and Book Now again to go ahead. */
export function BookingSummaryDialog({
  session,
  action,
  onConfirm,
  onCancel,
}: {
  session: Summed
  /** The button's words: Book Now, Request Again or Join the waiting list. */
  action: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const confirmRef = useRef<HTMLButtonElement>(null)
  return (
    <ModalDialog title="Check your booking" onDismiss={onCancel} initialFocusRef={confirmRef}>
      <Summary session={session} />
      <div className={ROW}>
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
          Cancel
        </button>
        <button ref={confirmRef} type="button" className={PRIMARY_BUTTON} onClick={onConfirm}>
          {action}
        </button>
      </div>
    </ModalDialog>
  )
}

export interface BookedOutcome {
  message?: string
  status?: string
  /** The booking's id, for its calendar file (the servers send it). */
  insertedId?: string
}

const NEXT_STEP = 'An admin will confirm your place.'

/**
 * After booking: "Booked!" with the server's words and what happens next, the class's time again, and the class
 * for the calendar; a place in line instead says so ("On the waiting list"), with nothing for a calendar yet.
 */
export function BookedDialog({
  session,
  outcome,
  onClose,
}: {
  session: Summed
  outcome: BookedOutcome
  onClose: () => void
}) {
  const okRef = useRef<HTMLButtonElement>(null)
  const [saving, setSaving] = useState(false)
  const waiting = outcome.status === 'waitlisted'
  const said = outcome.message || `You booked “${session.title}”. ${NEXT_STEP}`
  const text = waiting || said.includes(NEXT_STEP) ? said : `${said} ${NEXT_STEP}`

  async function onCalendar(id: string) {
    setSaving(true)
    try {
      await downloadBookingCalendar(id, session.title)
    } catch (error) {
      await showAlert({ title: 'Failed to add to calendar', text: errorMessage(error), icon: 'error' })
    } finally {
      setSaving(false)
    }
  }

  return (
    <ModalDialog
      title={waiting ? 'On the waiting list' : 'Booked!'}
      description={text}
      icon={<StatusIcon name="success" />}
      onDismiss={onClose}
      initialFocusRef={okRef}
    >
      {!waiting && (
        <p className="mt-3 font-semibold text-ink" data-testid="booked-when">
          <time dateTime={session.classStart}>{classWhen(session)}</time>
        </p>
      )}
      <div className={ROW}>
        {!waiting && outcome.insertedId ? (
          <button
            type="button"
            className={SECONDARY_BUTTON}
            disabled={saving}
            onClick={() => void onCalendar(outcome.insertedId!)}
          >
            Add to calendar
          </button>
        ) : null}
        <button ref={okRef} type="button" className={PRIMARY_BUTTON} onClick={onClose}>
          OK
        </button>
      </div>
    </ModalDialog>
  )
}
