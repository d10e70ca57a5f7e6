// For the mail tests (./deliver-email.test.ts, ../mail-crash-recovery.test.ts):
// a tutor's approved session with a pending booking, written through the store
// before a server runs, app tokens signed with the database's secret, calls to
// a running server as the app makes them, and each mail received read as a
// mail client reads it (mailparser), its invite as a calendar does (ical.js).
import ICAL from 'ical.js'
import { simpleParser, type ParsedMail } from 'mailparser'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import { APP_TOKEN, signJwt } from '#core/jwt'
import type { SessionRow, Store } from '#core/store'
import type { SentMail } from '../../tests/conformance/harness/target'
import { session, user } from '../db/pg-store-fixtures'

const HOUR = 3_600_000

export const MAIL_FROM = 'StudyHub <noreply@studyhub.test>'

export interface MailWorld {
  session: SessionRow
  admin: string
  tutor: string
  /** Tokens by email, for `call`. */
  tokens: Map<string, string>
}

/** An admin, a tutor and their approved session a week ahead, and `students` (signed-up students). */
export async function prepareWorld(store: Store, students: readonly string[]): Promise<MailWorld> {
  const admin = user('mail.admin@school.test', { role: 'admin' })
  const tutor = user('mail.tutor@school.test', { role: 'tutor' })
  const people = [admin, tutor, ...students.map((email) => user(email))]
  for (const row of people) await store.users.insert(row)
  const now = Date.now()
  const iso = (ms: number) => new Date(now + ms).toISOString()
  const planned = session(tutor.email, {
    title: 'Thermodynamics',
    registrationStart: iso(-24 * HOUR),
    registrationEnd: iso(5 * 24 * HOUR),
    classStart: iso(7 * 24 * HOUR),
    classEnd: iso(7 * 24 * HOUR + 2 * HOUR),
  })
  await store.sessions.insert(planned)
  const secret = await store.meta.tokenSecret()
  const tokens = new Map<string, string>()
  for (const { _id, email } of people) {
    tokens.set(email, await signJwt(secret, APP_TOKEN, { sub: _id, email, gen: 0 }, 24 * 3600, Math.floor(now / 1000)))
  }
  return { session: planned, admin: admin.email, tutor: tutor.email, tokens }
}

/** One call to the server at `origin` as `as`, as the app makes it; answers the status and the JSON body. */
export async function call(
  origin: string,
  world: MailWorld,
  as: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> & unknown[] }> {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      Authorization: `Bearer ${world.tokens.get(as)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown> & unknown[]) : ({} as never),
  }
}

/** `student` books the world's session through the API, as the app does: a pending booking; answers its id. */
export async function book(origin: string, world: MailWorld, student: string): Promise<string> {
  const booked = await call(origin, world, student, 'POST', '/bookings', {
    sessionId: world.session._id,
    studentEmail: student,
    tutorEmail: world.tutor,
  })
  if (booked.status !== 201 || booked.body.status !== 'pending')
    throw new Error(`Not booked: ${JSON.stringify(booked)}`)
  return booked.body.insertedId as string
}

export interface ReadMail {
  to: string
  parsed: ParsedMail
  /** Each raw header line's value, by lowercase name (the first of each). */
  header(name: string): string | undefined
  /** The invite attached as a file (invite.ics), as a calendar reads it; null when there is none. */
  invite: { method: string; uid: string; summary: string } | null
  /** Whether the invite also came as the text/calendar part mail clients show as an invitation. */
  inviteShown: boolean
}

/** A calendar's METHOD, and its event's UID and SUMMARY. */
export function readCalendar(text: string): { method: string; uid: string; summary: string } {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[])
  const event = calendar.getFirstSubcomponent('vevent')
  if (!event) throw new Error('The calendar has no event.')
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    summary: String(event.getFirstPropertyValue('summary')),
  }
}

export async function readMail(mail: SentMail): Promise<ReadMail> {
  const parsed = await simpleParser(mail.raw)
  const file = parsed.attachments.find((a) => a.filename === 'invite.ics' && a.contentDisposition === 'attachment')
  return {
    to: mail.to,
    parsed,
    header: (name) => {
      const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line
      return line?.slice(line.indexOf(':') + 1).trim()
    },
    invite: file ? readCalendar(file.content.toString('utf8')) : null,
    inviteShown: /^Content-Type: text\/calendar; [^\r\n]*method=/im.test(mail.raw),
  }
}
