// The mail of each notification, once for both servers: the API server sends
// it by SMTP, the demo server puts it in its mailbox. Its words are the
// inbox's (../notifications.ts), with the class's time in the recipient's
// zone; a booking's mail carries its calendar invite; every mail links to its
// screen in the app and says how to stop mail of its kind, by one click
// (RFC 8058) or in Settings (docs/rules/notifications.md).
import type { NotificationKind } from '#contract/entities'
import { bookingEvents, inviteCalendar, type CalendarEvent } from '../calendar'
import type { BookingRow, NotificationRow, SessionRow } from '../store'
import { formatZoned, formatZonedSpan } from '../zoned-time'
import { isolated, mailHtml, mailText, oneLine, type Inline, type MailContent, type Paragraph } from './mail-layout'

export interface MailContext {
  notification: NotificationRow
  recipient: { email: string; name: string; timeZone: string }
  /** For booking kinds (the notification has bookingId): the booking and its session, for the invite. */
  booking?: BookingRow
  session?: SessionRow
  /** Where the app's screens are (links in the mail): e.g. https://studyhub.example */
  appOrigin: string
  /** Where the API answers (the one-click unsubscribe POST): e.g. https://api.studyhub.example */
  apiOrigin: string
  /** From signUnsubscribeToken (../unsubscribe-tokens.ts) for this recipient and the notification's kind. */
  unsubscribeToken: string
  now: Date
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
  /** Headers the mail must carry: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), and List-Id. */
  headers: Record<string, string>
  /** The calendar invite, for booking kinds: REQUEST when the booking is approved or its session changed; CANCEL when cancelled or rejected. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; filename: 'invite.ics'; content: string }
  /** A Message-ID local part that is the same for every try of one delivery (so a retried send is recognisable). */
  messageKey: string
}

interface KindMail {
  /** What its recipient gets email about, as the footer and the list's name say it. */
  topic: string
  /** The button to the notification's screen. */
  action: string
  /** Which invite it carries, when the booking allows one (see `inviteOf`). */
  invite?: 'REQUEST' | 'CANCEL'
}

const OPEN_BOOKING = 'Open your booking'

const KIND_MAILS: Record<NotificationKind, KindMail> = {
  'booking-approved': { topic: 'approved bookings', action: OPEN_BOOKING, invite: 'REQUEST' },
  'booking-rejected': { topic: 'rejected bookings', action: OPEN_BOOKING, invite: 'CANCEL' },
  'booking-promoted': { topic: 'seats from the waiting list', action: OPEN_BOOKING },
  'booking-cancelled': { topic: 'cancelled bookings', action: OPEN_BOOKING, invite: 'CANCEL' },
  'material-added': { topic: 'new study materials', action: 'Open the materials' },
  'class-reminder': { topic: 'class reminders', action: OPEN_BOOKING },
  'session-changed': { topic: 'changes to sessions you booked', action: OPEN_BOOKING, invite: 'REQUEST' },
  'session-moved': { topic: 'classes you booked that moved', action: OPEN_BOOKING, invite: 'REQUEST' },
  'session-cancelled': { topic: 'classes you booked that were cancelled', action: OPEN_BOOKING, invite: 'CANCEL' },
  'session-approved': { topic: 'approved sessions', action: 'Open My Sessions' },
  'session-rejected': { topic: 'rejected sessions', action: 'Open My Sessions' },
  'material-approved': { topic: 'approved materials', action: 'Open My Materials' },
  'material-rejected': { topic: 'rejected materials', action: 'Open My Materials' },
  'booking-new': { topic: 'new bookings of your sessions', action: 'Open My Sessions' },
  'session-review': { topic: 'sessions to review', action: 'Review sessions' },
  'material-review': { topic: 'materials to review', action: 'Review materials' },
}

const INVITE_LINES = {
  REQUEST: 'The invitation attached puts the class in your calendar, or updates it there.',
  CANCEL: 'The cancellation attached takes the class out of your calendar.',
} as const

/**
 * The invite a booking's mail carries: a REQUEST only while the booking is
 * approved (a pending booking is in no calendar; one cancelled since gets its
 * own mail with a CANCEL), a CANCEL for a cancelled or rejected booking.
 */
function inviteOf(kind: KindMail, booking: BookingRow | undefined): KindMail['invite'] {
  if (!booking || !kind.invite) return undefined
  if (kind.invite === 'REQUEST') return booking.status === 'approved' ? 'REQUEST' : undefined
  return kind.invite
}

/** A List-Id's domain (RFC 2919): the app's host name, or "localhost" for an address with none (an IP, a port only). */
function listDomain(appOrigin: string): string {
  let host = ''
  try {
    host = new URL(appOrigin).hostname
  } catch {
    // An origin that is no URL names no domain.
  }
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(host) && /[a-z]/i.test(host) ? host.toLowerCase() : 'localhost'
}

/** An origin as a link's start: a configured "https://studyhub.example/" loses its last slash. */
const originOf = (origin: string) => origin.replace(/\/+$/, '')

/** A Message-ID local part from a value: letters, digits, dots and dashes only. */
const localPart = (value: string) => value.replace(/[^A-Za-z0-9.-]/g, '-')

/** The words of a sentence the inbox wrote (titles in it), without its full stop: a subject line. */
const asSubject = (sentence: string) => isolated(oneLine(sentence).replace(/\.$/, ''))

export function renderNotificationMail(context: MailContext): RenderedMail {
  const { notification, recipient, booking, session, unsubscribeToken, now } = context
  const appOrigin = originOf(context.appOrigin)
  const apiOrigin = originOf(context.apiOrigin)
  const kind = KIND_MAILS[notification.kind]
  const zone = recipient.timeZone
  const screen = `${appOrigin}${notification.link}`
  // A reminder's mail names its own meeting, any other a course's next one (or first); its invite carries every one.
  const events: CalendarEvent[] = booking && session ? bookingEvents(booking, session, screen) : []
  const meeting = notification.meetingStart ? Date.parse(notification.meetingStart) : undefined
  const event: CalendarEvent | undefined =
    events.find((e) => e.start.getTime() === meeting) ??
    events.find((e) => e.end.getTime() > now.getTime()) ??
    events[0]

  const details: [string, Inline][] = []
  if (session) details.push(['Session', { user: session.title }])
  if (event) details.push(['When', formatZonedSpan(event.start, event.end, zone)])
  if (session?.location) details.push(['Where', { user: session.location }])
  // The meeting link is private: only an approved booking's mail carries it (as its invite does).
  if (event?.conference) details.push(['Online', { text: 'Join the class', url: event.conference }])
  if (session && notification.kind !== 'booking-new') details.push(['Tutor', { user: session.tutorName }])
  if (booking && notification.kind === 'booking-new') details.push(['Student', { user: booking.studentEmail }])

  const invite = event ? inviteOf(kind, booking) : undefined
  const paragraphs: Paragraph[] = [
    ['Hi ', { user: recipient.name || recipient.email }, ','],
    [{ user: notification.body }],
  ]
  if (invite) paragraphs.push([INVITE_LINES[invite]])

  // A reminder says when in its subject; any other booking mail names its session; the rest say what the inbox says.
  const subject =
    notification.kind === 'class-reminder' && session && event
      ? `Reminder: ${isolated(session.title)} starts ${formatZoned(event.start, zone)}`
      : session
        ? `${notification.title}: ${isolated(session.title)}`
        : asSubject(notification.body)

  const unsubscribePage = `${appOrigin}/unsubscribe/${unsubscribeToken}`
  const content: MailContent = {
    subject,
    preview: [{ user: notification.body }],
    dateline: formatZoned(notification.createdAt, zone),
    heading: notification.title,
    paragraphs,
    details,
    action: { label: kind.action, url: screen },
    after: [],
    footer: [
      [
        'You get this email because email about ',
        kind.topic,
        ' is on for ',
        { user: recipient.email },
        ' at StudyHub.',
      ],
      [{ text: `Unsubscribe from ${kind.topic}`, url: unsubscribePage }],
      [{ text: 'Change what StudyHub emails you about in Settings', url: `${appOrigin}/settings` }],
    ],
  }

  const rendered: RenderedMail = {
    subject,
    html: mailHtml(content),
    text: mailText(content),
    headers: {
      'List-Unsubscribe': `<${apiOrigin}/api/unsubscribe/${unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `StudyHub ${kind.topic} <${notification.kind}.notifications.${listDomain(appOrigin)}>`,
      // A notification is sent by a program: no out-of-office answers (RFC 3834).
      'Auto-Submitted': 'auto-generated',
    },
    messageKey: localPart(`notification.${notification._id}.email`),
  }
  if (event && invite) {
    rendered.calendar = {
      method: invite,
      filename: 'invite.ics',
      content: inviteCalendar(events, invite, { name: recipient.name, email: recipient.email }, now),
    }
  }
  return rendered
}

/** FNV-1a, 64 bits, in hex: a short fixed name for a value (no secret, nothing to verify). */
function fingerprint(value: string): string {
  let hash = 0xcbf29ce484222325n
  for (const byte of new TextEncoder().encode(value)) {
    hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n)
  }
  return hash.toString(16).padStart(16, '0')
}

const ACCOUNT_MAILS = {
  'password-reset': {
    subject: 'Reset your StudyHub password',
    asked: (to: string): Paragraph => [
      'Someone asked to reset the password of the StudyHub account ',
      { user: to },
      '. Choose a new one with the link below.',
    ],
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    because: 'a new password was asked for',
  },
  'verify-email': {
    subject: 'Confirm your email address for StudyHub',
    asked: (to: string): Paragraph => [
      'Confirm that ',
      { user: to },
      ' is your email address, so StudyHub can send you what you ask for.',
    ],
    action: 'Confirm my email address',
    ignore: 'If you did not make a StudyHub account, ignore this email.',
    because: 'a StudyHub account was made with',
  },
} as const

/** The account mails of the identity provider in demo mode (live mode uses Firebase's own). */
export function renderAccountMail(input: {
  kind: 'password-reset' | 'verify-email'
  to: string
  link: string
  appOrigin: string
}): Omit<RenderedMail, 'calendar' | 'headers'> & { headers: Record<string, string> } {
  const mail = ACCOUNT_MAILS[input.kind]
  const content: MailContent = {
    subject: mail.subject,
    preview: [mail.action],
    dateline: 'Your account',
    heading: mail.subject,
    paragraphs: [mail.asked(input.to)],
    details: [],
    action: { label: mail.action, url: input.link },
    after: [[mail.ignore]],
    footer: [['You get this email because ', mail.because, ' this address at ', originOf(input.appOrigin), '.']],
  }
  return {
    subject: mail.subject,
    html: mailHtml(content),
    text: mailText(content),
    // An account mail is no list: it has no unsubscribe, only the mark of a program's mail.
    headers: { 'Auto-Submitted': 'auto-generated' },
    // The link is new for each mail the provider sends, and the same for each try of one.
    messageKey: `account.${input.kind}.${fingerprint(`${input.to}\n${input.link}`)}`,
  }
}
