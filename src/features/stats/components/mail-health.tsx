// The admin's view of how mail goes today (UTC): how many were sent and how
// many failed, and the last failure's reason and time. A server with no mail
// server set (no SMTP_URL) sends none, and the card says so rather than
// showing zeros that look like a quiet day.
import type { MailHealth } from '#contract/entities'
import { formatDateTime } from '#shared/format/date'
import { StatCard } from './stat-card'

export const MAIL_OFF = 'Mail is off: this server has no mail server set (SMTP_URL), so no one is emailed.'

export function MailHealthCard({ mail }: { mail: MailHealth }) {
  if (!mail.enabled) return <StatCard label="Email" value="Off" detail={MAIL_OFF} />
  return (
    <StatCard
      label="Emails sent today"
      value={mail.sentToday}
      detail={
        <>
          <span className={mail.failedToday > 0 ? 'font-semibold text-danger' : undefined}>
            {mail.failedToday} failed today
          </span>
          {mail.lastError ? (
            <span className="mt-1 block break-words">
              Last error{mail.lastErrorAt ? `, ${formatDateTime(mail.lastErrorAt)}` : ''}: {mail.lastError}
            </span>
          ) : null}
        </>
      }
    />
  )
}
