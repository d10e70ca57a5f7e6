// Mail out through the SMTP server SMTP_URL names (nodemailer): its TLS and
// login as the URL says (smtps:// is TLS from the start; smtp:// upgrades with
// STARTTLS when the server offers it, `?requireTLS=true` insists), from
// MAIL_FROM. One connection per mail: a queue's mail goes out a few at a time
// (./delivery-queue.ts), and an SMTP server that is down costs each try its
// own connection attempt, bounded below.
import nodemailer, { type Transporter } from 'nodemailer'
import type { RenderedMail } from '#core/mail/render-mail'

/** One mail, rendered (#core/mail/render-mail.ts), to one recipient. */
interface OutgoingMail {
  to: string
  mail: RenderedMail
}

export interface Mailer {
  /**
   * Hands the mail to the SMTP server; resolves once the server accepted it.
   * Rejects with a MailRefused when the server refused it for good (a 5xx
   * answer: trying again would get the same), any other error otherwise.
   */
  send(outgoing: OutgoingMail, signal?: AbortSignal): Promise<void>
  close(): void
}

/** The SMTP server refused the mail for good (a 5xx reply): no later try can change that. */
export class MailRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MailRefused'
  }
}

/** Bounds on each step of one SMTP session, so a server that stops answering ends the try within a minute. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/** The domain of a From address ("StudyHub <noreply@example.com>"): where the Message-IDs are made. */
function fromDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from
  return address.slice(address.lastIndexOf('@') + 1).trim()
}

export function createSmtpMailer(settings: { smtpUrl: string; from: string }): Mailer {
  const transport: Transporter = nodemailer.createTransport({ url: settings.smtpUrl, ...TIMEOUTS })
  const domain = fromDomain(settings.from)
  return {
    async send({ to, mail }, signal) {
      const { calendar } = mail
      try {
        await transport.sendMail({
          from: settings.from,
          to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          // The same for every try of one delivery: a try that was accepted but not marked sent
          // (the process ended between the two) sends a copy the recipient's mail can recognise.
          messageId: `<${mail.messageKey}@${domain}>`,
          // The invite as calendar mail carries it: a text/calendar part with its method, which mail
          // clients show as an invitation (accept, decline), and the same as a file to open
          // (nodemailer attaches it as invite.ics beside the part).
          ...(calendar
            ? { icalEvent: { method: calendar.method, filename: calendar.filename, content: calendar.content } }
            : {}),
          ...(signal ? { signal } : {}),
        })
      } catch (error) {
        const code = (error as { responseCode?: unknown }).responseCode
        if (typeof code === 'number' && code >= 500 && code < 600) {
          throw new MailRefused((error as Error).message)
        }
        throw error
      }
    },
    close: () => transport.close(),
  }
}
