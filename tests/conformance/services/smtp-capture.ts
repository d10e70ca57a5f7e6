// A recipient's mail server for tests: smtp-server on a port of 127.0.0.1
// (free, or the one given), in the test's own process, keeping every mail it accepts as the
// raw message (tests parse it with mailparser, as a mail client would). It
// can also answer as a failing server does, with a temporary error for every
// mail, or hold each mail without an answer (a server that stopped halfway),
// to test what a sender does then. Plain SMTP, no login: the URL is
// smtp://127.0.0.1:<port>, and STARTTLS is not offered.
import { SMTPServer } from 'smtp-server'

/** One mail as received, raw (the conformance Target's SentMail). */
interface CapturedMail {
  to: string
  raw: string
}

/** How the server answers each mail: accept it, refuse it for now (a 4xx reply), or never answer. */
export type SmtpBehaviour = 'accept' | 'fail' | 'hold'

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>: what SMTP_URL is set to. */
  url: string
  behaviour: SmtpBehaviour
  /** The mails accepted since the last clear, oldest first: one per recipient. */
  received(): CapturedMail[]
  /** How many mails arrived at all (accepted, failed or held) since the last clear. */
  attempts(): number
  /** When each of them arrived (ms since the epoch), oldest first. */
  arrivals(): number[]
  clear(): void
  /** Resolves once `count` mails have been accepted since the last clear, or rejects after `ms`. */
  waitFor(count: number, ms?: number): Promise<CapturedMail[]>
  close(): Promise<void>
}

/** The words of a failing server's reply (451: try again later). */
export const TEMPORARY_FAILURE = 'Mailbox busy, try again later'

/** Starts it on `port` of 127.0.0.1 (a free one when 0). */
export async function startSmtpCapture(behaviour: SmtpBehaviour = 'accept', port = 0): Promise<SmtpCapture> {
  let mails: CapturedMail[] = []
  let arrived: number[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A held mail's connection goes when the sender does; nothing waits on it when the capture closes.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        arrived.push(Date.now())
        if (capture.behaviour === 'hold') return
        if (capture.behaviour === 'fail') {
          callback(Object.assign(new Error(TEMPORARY_FAILURE), { responseCode: 451 }))
          return
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        for (const { address } of session.envelope.rcptTo) mails.push({ to: address, raw })
        callback()
      })
    },
  })
  const listening = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address()
      resolve(typeof address === 'object' && address ? address.port : 0)
    })
  })
  // A sender that drops its connection mid-mail (a process killed) is no error of the test's.
  server.on('error', () => {})

  const capture: SmtpCapture = {
    url: `smtp://127.0.0.1:${listening}`,
    behaviour,
    received: () => [...mails],
    attempts: () => arrived.length,
    arrivals: () => [...arrived],
    clear() {
      mails = []
      arrived = []
    },
    async waitFor(count, ms = 20_000) {
      const deadline = Date.now() + ms
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} mails arrived within ${ms} ms.`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      return [...mails]
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return capture
}
