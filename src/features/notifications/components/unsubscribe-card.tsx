// What a mail's "Unsubscribe" link opens: which emails it stops and for
// which address (partly hidden: the mail may have been forwarded), and one
// button that stops them. No sign-in: the link's token is the proof. A link
// the server does not take shows the server's own words; offline the card says
// that unsubscribing needs a connection, and nothing is kept to send later.
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { errorMessage } from '#shared/api/api-error'
import { isNetworkError } from '#shared/offline/device-backed-query'
import { useServerGate } from '#shared/offline/use-server-gate'
import { ListState } from '#shared/ui/list-state'
import { NOTICE_BOX, TONE } from '#shared/ui/tone-classes'
import { PRIMARY_BUTTON } from '#shared/ui/ui-classes'
import { preferenceMutations, preferenceQueries } from '../api/preference-queries'
import { KIND_LABELS } from '../notification-kinds'

export const UNSUBSCRIBE_OFFLINE =
  'No connection to StudyHub: unsubscribing needs one. Open this link again when you are back online.'

const SETTINGS_LINK = (
  <Link to="/settings" className="font-semibold text-accent underline">
    Settings
  </Link>
)

export function UnsubscribeCard({ token }: { token: string }) {
  const subject = useQuery(preferenceQueries.unsubscribe(token))
  const unsubscribe = useMutation(preferenceMutations.unsubscribe())
  const { offlineId, needsServer } = useServerGate()

  if (subject.fetchStatus === 'paused' || (subject.isError && isNetworkError(subject.error)))
    return <p className={NOTICE_BOX}>{UNSUBSCRIBE_OFFLINE}</p>
  if (subject.isPending) return <ListState kind="loading">Checking your unsubscribe link…</ListState>
  if (subject.isError) return <ListState kind="error">{errorMessage(subject.error)}</ListState>

  const { kind, maskedEmail, subscribed } = subject.data
  const what = <strong className="font-semibold">{KIND_LABELS[kind]}</strong>
  return (
    <div className="space-y-4 text-ink">
      {unsubscribe.isSuccess ? (
        <p role="status" className={`rounded p-3 font-medium ${TONE.success}`}>
          {unsubscribe.data.message ?? 'You will no longer get these emails.'}
        </p>
      ) : null}
      {subscribed ? (
        <>
          <p>
            Stop emails to {maskedEmail} about: {what}. Your inbox in StudyHub still gets these notifications.
          </p>
          <button
            type="button"
            className={`${PRIMARY_BUTTON} w-full sm:w-auto`}
            aria-busy={unsubscribe.isPending}
            {...needsServer}
            onClick={() => {
              if (!unsubscribe.isPending) unsubscribe.mutate(token)
            }}
          >
            Unsubscribe
          </button>
          {needsServer.disabled ? (
            <p id={offlineId} className="text-sm text-warn-ink">
              {UNSUBSCRIBE_OFFLINE}
            </p>
          ) : null}
          {unsubscribe.isError ? (
            <ListState kind="error">
              {isNetworkError(unsubscribe.error) ? UNSUBSCRIBE_OFFLINE : errorMessage(unsubscribe.error)}
            </ListState>
          ) : null}
        </>
      ) : (
        <p>
          {maskedEmail} gets no emails about: {what}.
        </p>
      )}
      <p className="text-sm text-ink-muted">Choose what else you are emailed about in {SETTINGS_LINK}.</p>
    </div>
  )
}
