// One mail of the demo mailbox as a mail client shows it: subject, recipient
// and date, the HTML part or the text part, the invite to download, and the
// links in it. The HTML runs nothing: it is framed from a blob: copy with
// sandbox="" (no script, no forms, an opaque origin). Not srcdoc: the demo
// build's Trusted Types policy refuses HTML strings in any sink, srcdoc included.
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { formatDateTime } from '#shared/format/date'
import { QueryState } from '#shared/ui/query-state'
import { SECONDARY_BUTTON } from '#shared/ui/ui-classes'
import { mailboxQueries } from './mailbox-queries'

/** The blob: copy of each type shown now; a new one of the type frees the one before. */
const shownCopies = new Map<string, { content: string; url: string }>()

/** A blob: address of `content`, the same one while the same content is shown. */
function objectUrlOf(content: string | undefined, type: string): string | null {
  if (content === undefined) return null
  const shown = shownCopies.get(type)
  if (shown?.content === content) return shown.url
  if (shown) URL.revokeObjectURL(shown.url)
  const url = URL.createObjectURL(new Blob([content], { type }))
  shownCopies.set(type, { content, url })
  return url
}

/** The web addresses in a mail's text part, each once: what a reader of the text would follow. */
const linksIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])]

export function MailView({ id, backTo }: { id: string; backTo: string }) {
  const mail = useQuery(mailboxQueries.mail(id))
  const [asText, setAsText] = useState(false)
  const html = objectUrlOf(mail.data?.html, 'text/html')
  const invite = objectUrlOf(mail.data?.calendar?.content, 'text/calendar')
  const headingId = useId()

  return (
    <article aria-labelledby={headingId} className="min-w-0">
      <Link to={backTo} className="tap inline-flex items-center font-medium text-accent underline md:hidden">
        Back to the mails
      </Link>
      <QueryState query={mail} loading="Opening the mail…">
        {(shown) => (
          <>
            <h2 id={headingId} className="mt-2 text-xl font-bold break-words text-ink">
              {shown.subject}
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
              <dt className="text-ink-muted">To</dt>
              <dd className="break-all text-ink">{shown.to}</dd>
              <dt className="text-ink-muted">Date</dt>
              <dd className="text-ink">{formatDateTime(shown.createdAt)}</dd>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Show the mail as">
              <button
                type="button"
                aria-pressed={!asText}
                className={SECONDARY_BUTTON}
                onClick={() => setAsText(false)}
              >
                HTML
              </button>
              <button type="button" aria-pressed={asText} className={SECONDARY_BUTTON} onClick={() => setAsText(true)}>
                Text
              </button>
              {shown.calendar && invite ? (
                <a href={invite} download={shown.calendar.filename} className={`tap ${SECONDARY_BUTTON}`}>
                  Download the invite<span className="sr-only"> ({shown.calendar.filename})</span>
                </a>
              ) : null}
            </div>
            {asText ? (
              <pre className="mt-4 rounded-lg border border-line bg-surface p-4 text-sm break-words whitespace-pre-wrap text-ink">
                {shown.text}
              </pre>
            ) : html ? (
              <iframe
                title={`The mail: ${shown.subject}`}
                src={html}
                sandbox=""
                className="mt-4 h-[32rem] w-full rounded-lg border border-line bg-white"
              />
            ) : null}
            {linksIn(shown.text).length > 0 ? (
              <section aria-label="Links in this mail" className="mt-4 text-sm">
                <h3 className="font-semibold text-ink">Links in this mail</h3>
                <ul className="mt-1 space-y-1">
                  {linksIn(shown.text).map((href) => (
                    <li key={href}>
                      <a href={href} className="tap inline-flex items-center break-all text-accent underline">
                        {href}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </QueryState>
    </article>
  )
}
