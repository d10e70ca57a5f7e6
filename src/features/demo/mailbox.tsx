// The demo mailbox (demo builds only; docs/decisions/0081-demo-mailbox.md):
// every mail the demo server would have sent, by recipient, newest first, as
// the same templates as the API server's rendered it. The recipient and the
// open mail are in the address (?to=…&mail=…), so Back closes a mail and a
// mail can be linked to. On a phone the open mail takes the list's place;
// from md the list and the mail sit side by side.
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { DemoMailboxAnswer } from '#contract/demo-identity'
import { formatDateTime } from '#shared/format/date'
import { QueryState } from '#shared/ui/query-state'
import { INPUT, LABEL, SECONDARY_BUTTON } from '#shared/ui/ui-classes'
import { MailView } from './mail-view'
import { mailboxQueries } from './mailbox-queries'

/** The recipient shown: the one in the address, else `preferred` when they have mail, else the newest mail's. */
function recipientShown(chosen: string | null, preferred: string | null | undefined, answer?: DemoMailboxAnswer) {
  if (chosen) return chosen
  const emails = answer?.recipients.map((r) => r.email) ?? []
  return preferred && emails.includes(preferred) ? preferred : (emails[0] ?? null)
}

export function Mailbox({ preferredRecipient }: { preferredRecipient?: string | null }) {
  const [params, setParams] = useSearchParams()
  const openId = params.get('mail')
  const everyone = useQuery(mailboxQueries.of(null))
  const to = recipientShown(params.get('to'), preferredRecipient, everyone.data)
  const mails = useQuery({ ...mailboxQueries.of(to), enabled: to !== null })
  const pickerId = useId()
  const linkTo = (mail: string | null) => `?${new URLSearchParams({ ...(to && { to }), ...(mail && { mail }) })}`

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <section aria-labelledby={`${pickerId}-list`} className={openId ? 'hidden md:block' : undefined}>
        <h2 id={`${pickerId}-list`} className="sr-only">
          Mails
        </h2>
        <QueryState
          query={everyone}
          loading="Opening the mailbox…"
          empty="No mail yet. Mail is sent when something happens: a booking approved, a reminder, a password reset."
          isEmpty={(answer) => answer.recipients.length === 0}
        >
          {(answer) => (
            <>
              <div className="flex items-end gap-2">
                <div className="min-w-0 flex-1">
                  <label htmlFor={pickerId} className={LABEL}>
                    Recipient
                  </label>
                  <select
                    id={pickerId}
                    className={INPUT}
                    value={to ?? ''}
                    // The list of another recipient replaces this one: Back is for closing mails.
                    onChange={(event) => setParams({ to: event.target.value }, { replace: true })}
                  >
                    {answer.recipients.map((r) => (
                      <option key={r.email} value={r.email}>
                        {r.email} ({r.count})
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  onClick={() => void Promise.all([everyone.refetch(), mails.refetch()])}
                >
                  Refresh
                </button>
              </div>
              <QueryState query={mails} loading="Loading the mails…">
                {({ mails: list }) => (
                  <ul className="mt-4 divide-y divide-line rounded-lg border border-line bg-surface">
                    {list.map((mail) => (
                      <li key={mail.id}>
                        <Link
                          to={linkTo(mail.id)}
                          aria-current={mail.id === openId ? 'true' : undefined}
                          className="tap block px-4 py-3 hover:bg-muted aria-[current=true]:bg-muted"
                          data-testid="mailbox-mail"
                        >
                          <span className="block font-semibold break-words text-ink">{mail.subject}</span>
                          <span className="mt-1 block text-xs text-ink-muted">{formatDateTime(mail.createdAt)}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </QueryState>
            </>
          )}
        </QueryState>
      </section>
      {openId ? (
        <MailView id={openId} backTo={linkTo(null)} />
      ) : (
        <p className="hidden text-ink-muted md:block">Choose a mail to read it.</p>
      )}
    </div>
  )
}
