// The demo mailbox: where the demo server's mail goes, as there is no mail
// server in a demo (docs/decisions/0081-demo-mailbox.md). Each mail is kept
// as the templates rendered it, and the Mailbox screen of a demo build reads
// it through two demo-only routes beside /api/demo/reset, never in the REST
// contract. A demo reset empties it with the rest of the data.
import { http, type HttpHandler } from 'msw'
import { DEMO_MAILBOX_PATH, type DemoMail, type DemoMailboxAnswer, type DemoMailSummary } from '#contract/demo-identity'
import { json, notFound } from '#core/http-errors'
import type { MailRow } from './db/demo-db'
import { workDeliveries } from './demo-delivery-worker'
import { serve } from './server/serve'

const summary = ({ id, to, subject, createdAt }: MailRow): DemoMailSummary => ({ id, to, subject, createdAt })

/** Newest first; ties by id, so the order is the same at every read. */
const newestFirst = (a: MailRow, b: MailRow) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1

export const demoMailboxHandlers: HttpHandler[] = [
  http.get(`*${DEMO_MAILBOX_PATH}`, ({ request }) =>
    serve(async (db) => {
      // A mail still being sent is in the box before it is read, as a mail server would have had it by now.
      await workDeliveries(db)
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
