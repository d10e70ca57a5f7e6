// The demo mailbox: where the demo server's mail goes, as there is no mail
// server in a demo (docs/decisions/0081-demo-mailbox.md). Each mail is kept
// as the templates rendered it, and the Mailbox screen of a demo build reads
// it through two demo-only routes beside /api/demo/reset, never in the REST
// contract. A demo reset empties it with the rest of the data.
import { http, type HttpHandler } from 'msw'
import { DEMO_MAILBOX_PATH, type DemoMail, type DemoMailboxAnswer, type DemoMailSummary } from '#contract/demo-identity'
import { json, notFound } from '#core/http-errors'
import { newId } from '#core/ids'
import type { MailRow } from './db/demo-db'
import { serve } from './server/serve'

/** What a template renders, as far as the mailbox keeps it (server/core/mail). */
export interface RenderedForMailbox {
  subject: string
  html: string
  text: string
  headers?: Record<string, string>
  calendar?: DemoMail['calendar']
}

/** The mailbox's row for a rendered mail to `to`. */
export function mailRow(to: string, mail: RenderedForMailbox, createdAt: string, notificationId?: string): MailRow {
  const row: MailRow = {
    id: newId(),
    to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: { ...mail.headers },
    createdAt,
  }
  if (mail.calendar) row.calendar = { ...mail.calendar }
  if (notificationId) row.notificationId = notificationId
  return row
}

const summary = ({ id, to, subject, createdAt }: MailRow): DemoMailSummary => ({ id, to, subject, createdAt })

/** Newest first, ties by id (newer ids sort later), as the inbox orders. */
const newestFirst = (a: MailRow, b: MailRow) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1

export const demoMailboxHandlers: HttpHandler[] = [
  http.get(`*${DEMO_MAILBOX_PATH}`, ({ request }) =>
    serve(async (db) => {
      const all = (await db.mailbox.toArray()).sort(newestFirst)
      const counts = new Map<string, number>()
      for (const mail of all) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1)
      const to = new URL(request.url).searchParams.get('to')
      const answer: DemoMailboxAnswer = {
        recipients: [...counts].map(([email, count]) => ({ email, count })),
        mails: to ? all.filter((mail) => mail.to === to).map(summary) : [],
      }
      return json(answer)
    }),
  ),
  http.get(`*${DEMO_MAILBOX_PATH}/:id`, ({ params }) =>
    serve(async (db) => {
      const row = await db.mailbox.get(String(params.id))
      if (!row) throw notFound('There is no such mail in the demo mailbox.')
      const { notificationId: _notification, ...mail } = row
      return json(mail satisfies DemoMail)
    }),
  ),
]
