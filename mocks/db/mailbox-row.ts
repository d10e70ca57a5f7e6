// A mail as the demo mailbox keeps it (../demo-mailbox.ts): what the templates
// rendered (server/core/mail), to whom, and when.
import type { DemoMail } from '#contract/demo-identity'
import { newId } from '#core/ids'
import type { MailRow } from './demo-db'

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
