// Mail and notification preferences (docs/rules/notifications.md): what each
// user chose, the deliveries each event makes from those choices and the push
// subscriptions there are (GET /notifications answers them), the mails the
// server sent as a mail client reads them (mailparser, the invite with
// ical.js), and one-click unsubscribe from a real mail's link.
// The mails are the target's (sentMail): the API server's SMTP server in
// this process, or the demo server's mailbox.
import ICAL from 'ical.js'
import { simpleParser, type ParsedMail } from 'mailparser'
import { describe, expect, it } from 'vitest'
import type { MailHealth, Notification, NotificationKind, NotificationPreferences } from '#contract/entities'
import { NOTIFICATION_KINDS } from '#contract/entities'
import { remindClassesStartingSoon } from '#core/notifications'
import type { Api } from '../harness/api-client'
import type { SentMail } from '../harness/target'
import {
  ADMIN,
  createBooking,
  createOpenSession,
  createSession,
  DAY,
  expectOk,
  FREE_STUDENT,
  OTHER_STUDENT,
  STUDENT,
  THIRD_STUDENT,
  TUTOR,
  uniqueSuffix,
  uploadMaterial,
} from './fixtures'

const HOUR = 3_600_000
const MAILED_BY_DEFAULT: NotificationKind[] = [
  'booking-approved',
  'booking-rejected',
  'booking-promoted',
  'booking-cancelled',
  'class-reminder',
  'session-moved',
  'session-cancelled',
]

const preferencesOf = async (api: Api, email: string) =>
  (await expectOk(api.call<NotificationPreferences>('GET', '/users/me/notification-preferences', { as: email }))).data

const choose = (api: Api, email: string, change: Record<string, unknown>) =>
  expectOk(
    api.call<NotificationPreferences>('PATCH', '/users/me/notification-preferences', { as: email, body: change }),
  )

/**
 * A push subscription of `email` on a browser's push service, as the app saves
 * one; answers the channels a subscriber's notification is sent on besides
 * `others`: push too when the server sends push (it answers a key; a server
 * with none plans no push delivery, as it has nowhere to send it).
 */
async function subscribePush(api: Api, email: string): Promise<(...others: string[]) => string[]> {
  const endpoint = `https://fcm.googleapis.com/fcm/send/mail-${uniqueSuffix()}`
  const body = { endpoint, keys: { p256dh: 'BPkey', auth: 'authkey' } }
  expect((await api.call('POST', '/push-subscriptions', { as: email, body })).status).toBe(201)
  const key = await expectOk(api.call<{ publicKey: string | null }>('GET', '/push/public-key', { as: email }))
  return (...others) => (key.data.publicKey === null ? others : [...others, 'push']).sort()
}

/** The newest notification of `kind` in the inbox of `email`. */
async function newest(api: Api, email: string, kind: NotificationKind): Promise<Notification> {
  const inbox = (await expectOk(api.call<Notification[]>('GET', '/notifications', { as: email }))).data
  const found = inbox.find((n) => n.kind === kind)
  expect(found, `${email} was told of ${kind}`).toBeDefined()
  return found!
}

/** The channels of a notification's deliveries, sorted: what the event made besides the inbox. */
const channelsOf = (n: Notification) => (n.deliveries ?? []).map((d) => d.channel).sort()

/** The mails sent while `change` ran (and the deliveries it queued were worked), parsed. */
async function mailedBy(api: Api, change: () => Promise<unknown>): Promise<ParsedMail[]> {
  const before = new Set((await api.target.sentMail()).map((m) => m.raw))
  await change()
  const fresh = (await api.target.sentMail()).filter((m: SentMail) => !before.has(m.raw))
  return Promise.all(fresh.map((m) => simpleParser(m.raw)))
}

const recipientOf = (mail: ParsedMail) => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to
  return to?.value[0]?.address ?? ''
}
const recipientsOf = (mails: ParsedMail[]) => mails.map(recipientOf).sort()

/** A raw header's value, as the message has it. */
function header(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line
  return line?.slice(line.indexOf(':') + 1).trim()
}

/** The invite a mail carries (.ics), parsed: its METHOD, and its event's UID and SEQUENCE. */
function inviteOf(mail: ParsedMail) {
  const part = mail.attachments.find((a) => /calendar|ics/i.test(a.contentType) || /\.ics$/i.test(a.filename ?? ''))
  expect(part, `an invite in "${mail.subject}"`).toBeDefined()
  const calendar = new ICAL.Component(ICAL.parse(part!.content.toString('utf8')))
  const event = calendar.getFirstSubcomponent('vevent')!
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
  }
}

/** What every mail has: a subject, a text and an HTML part, and its kind's one-click unsubscribe. */
function expectWellFormed(mail: ParsedMail) {
  expect(mail.subject?.length, 'a subject').toBeGreaterThan(0)
  expect(mail.text?.trim().length, `a text part in "${mail.subject}"`).toBeGreaterThan(0)
  expect(typeof mail.html === 'string' && mail.html.length > 0, `an HTML part in "${mail.subject}"`).toBe(true)
  expect(header(mail, 'List-Unsubscribe')).toMatch(/<https?:\/\/[^>]+\/unsubscribe\/[^>]+>/)
  expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
}

/** The token of a mail's one-click unsubscribe link (List-Unsubscribe). */
export function unsubscribeTokenOf(mail: ParsedMail): string {
  const url = new URL(/<(https?:\/\/[^>]+)>/.exec(header(mail, 'List-Unsubscribe') ?? '')![1]!)
  return decodeURIComponent(url.pathname.split('/').pop()!)
}

/** A session of TUTOR, approved, whose registration is open and whose class starts `startsIn` from now. */
async function sessionStartingIn(api: Api, startsIn: number): Promise<string> {
  const now = Date.now()
  const iso = (ms: number) => new Date(ms).toISOString()
  const id = await createSession(api, TUTOR, {
    title: `Starting soon ${uniqueSuffix()}`,
    registrationStart: iso(now - DAY),
    registrationEnd: iso(now + startsIn / 2),
    classStart: iso(now + startsIn),
    classEnd: iso(now + startsIn + DAY),
  })
  await expectOk(api.call('PATCH', `/sessions/${id}/approve`, { as: ADMIN, body: { fee: 0, type: 'Free' } }))
  return id
}

/**
 * The reminder run the API server's scheduler (and the demo server at app
 * start) makes, at `now`, over the target's own store: there is no route that
 * runs it. What it writes is read back over HTTP, and its mails from sentMail.
 */
function remindAt(api: Api, now: Date) {
  return remindClassesStartingSoon({
    store: api.target.store(),
    identity: { verify: async () => null },
    now: () => now,
    appTokenTtlSeconds: 60,
    maxFileBytes: 1,
    mailEnabled: true,
  })
}

export function mailAndPreferenceTests(api: Api) {
  describe('notification preferences', () => {
    it('answers the defaults, changes only what a save names, and refuses bad input naming the field', async () => {
      expect((await api.call('GET', '/users/me/notification-preferences')).status).toBe(401)
      const defaults = await preferencesOf(api, STUDENT)
      expect(Object.keys(defaults.channels).sort()).toEqual([...NOTIFICATION_KINDS].sort())
      for (const kind of NOTIFICATION_KINDS) {
        expect([kind, defaults.channels[kind]]).toEqual([kind, { push: true, email: MAILED_BY_DEFAULT.includes(kind) }])
      }
      expect(defaults).toMatchObject({ reminderLeads: ['1d'], timeZone: 'UTC' })

      const saved = await choose(api, STUDENT, {
        channels: { 'booking-approved': { email: false }, 'session-changed': { email: true } },
        reminderLeads: ['1h', '1d'],
        timeZone: 'Europe/Berlin',
      })
      const expected = {
        channels: {
          ...defaults.channels,
          'booking-approved': { push: true, email: false },
          'session-changed': { push: true, email: true },
        },
        reminderLeads: ['1h', '1d'],
        timeZone: 'Europe/Berlin',
      }
      expect(saved.data).toEqual(expected)
      expect(await preferencesOf(api, STUDENT)).toEqual(expected)
      // A save names some: the rest stays as it was.
      await choose(api, STUDENT, { channels: { 'booking-approved': { push: false } } })
      expect((await preferencesOf(api, STUDENT)).channels['booking-approved']).toEqual({ push: false, email: false })
      expect((await preferencesOf(api, STUDENT)).reminderLeads).toEqual(['1h', '1d'])
      // Nobody else's changed.
      expect(await preferencesOf(api, OTHER_STUDENT)).toEqual(defaults)

      const refused: [Record<string, unknown>, RegExp][] = [
        [{ channels: { 'no-such-kind': { email: true } } }, /^channels/],
        [{ channels: { 'booking-approved': { email: 'yes' } } }, /^channels\.booking-approved\.email/],
        [{ reminderLeads: ['2h'] }, /^reminderLeads/],
        [{ reminderLeads: ['1h', '1h'] }, /^reminderLeads/],
        [{ timeZone: 'Mars/Olympus_Mons' }, /^timeZone/],
        [{ timeZone: '+02:00' }, /^timeZone/],
      ]
      const before = await preferencesOf(api, STUDENT)
      for (const [body, message] of refused) {
        const res = await api.call<{ message: string }>('PATCH', '/users/me/notification-preferences', {
          as: STUDENT,
          body,
        })
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400])
        expect(res.data.message).toMatch(message)
      }
      expect(await preferencesOf(api, STUDENT)).toEqual(before)
    })
  })

  describe('deliveries and mails of each event', () => {
    it('a booking approved, its session changed, then cancelled by an admin and its seat given to the next: email and push as each chose, with invites', async () => {
      const pushedAnd = await subscribePush(api, STUDENT)
      await choose(api, STUDENT, { channels: { 'session-changed': { email: true } } })
      const session = await createOpenSession(api, TUTOR)
      const title = `One seat ${uniqueSuffix()}`
      const edit = (changes: Record<string, unknown>) =>
        expectOk(
          api.call('PATCH', `/sessions/${session}`, {
            as: ADMIN,
            body: { title, subject: 'Maths', duration: 2, registrationFee: 20, seats: 1, ...changes },
          }),
        )
      await edit({})
      let first = ''
      // A new booking tells the tutor in the inbox only (no mail by default, no push subscription).
      const booked = await mailedBy(api, async () => {
        first = await createBooking(api, STUDENT, session, 'pending', TUTOR)
        await createBooking(api, OTHER_STUDENT, session, 'pending', TUTOR)
      })
      expect(booked).toEqual([])
      expect(channelsOf(await newest(api, TUTOR, 'booking-new'))).toEqual([])

      const approved = await mailedBy(api, () =>
        expectOk(api.call('PATCH', `/bookings/${first}`, { as: ADMIN, body: { status: 'approved' } })),
      )
      const approval = await newest(api, STUDENT, 'booking-approved')
      expect(channelsOf(approval)).toEqual(pushedAnd('email'))
      // Once worked, the mail is sent.
      expect(approval.deliveries!.find((d) => d.channel === 'email')!.state).toBe('sent')
      expect(recipientsOf(approved)).toEqual([STUDENT])
      const [approvalMail] = approved
      expectWellFormed(approvalMail!)
      expect(approvalMail!.subject).toContain(approval.title)
      expect(approvalMail!.subject).toContain(title)
      const request = inviteOf(approvalMail!)
      expect(request.method).toBe('REQUEST')

      // A later change of the class: the same event, a newer version of it.
      const changed = await mailedBy(api, () => edit({ title: `${title} (moved)` }))
      expect(channelsOf(await newest(api, STUDENT, 'session-changed'))).toEqual(pushedAnd('email'))
      expect(recipientsOf(changed)).toEqual([STUDENT])
      const update = inviteOf(changed[0]!)
      expect(update).toMatchObject({ method: 'REQUEST', uid: request.uid })
      expect(update.sequence).toBeGreaterThan(request.sequence)

      const cancelled = await mailedBy(api, () =>
        expectOk(api.call('PATCH', `/bookings/${first}/cancel`, { as: ADMIN })),
      )
      expect(channelsOf(await newest(api, STUDENT, 'booking-cancelled'))).toEqual(pushedAnd('email'))
      expect(channelsOf(await newest(api, OTHER_STUDENT, 'booking-promoted'))).toEqual(['email'])
      expect(recipientsOf(cancelled)).toEqual([OTHER_STUDENT, STUDENT].sort())
      for (const mail of cancelled) expectWellFormed(mail)
      const cancel = inviteOf(cancelled.find((m) => recipientOf(m) === STUDENT)!)
      expect(cancel).toMatchObject({ method: 'CANCEL', uid: request.uid })
      expect(cancel.sequence).toBeGreaterThan(update.sequence)
    })

    it('email off is no email: a rejection the student turned off makes no delivery and no mail', async () => {
      await choose(api, THIRD_STUDENT, { channels: { 'booking-rejected': { email: false } } })
      const session = await createOpenSession(api, TUTOR)
      const booking = await createBooking(api, THIRD_STUDENT, session, 'pending', TUTOR)
      const other = await createBooking(api, FREE_STUDENT, session, 'pending', TUTOR)
      const mails = await mailedBy(api, async () => {
        await expectOk(api.call('PATCH', `/bookings/${booking}`, { as: ADMIN, body: { status: 'rejected' } }))
        await expectOk(api.call('PATCH', `/bookings/${other}`, { as: ADMIN, body: { status: 'rejected' } }))
      })
      expect(channelsOf(await newest(api, THIRD_STUDENT, 'booking-rejected'))).toEqual([])
      expect(channelsOf(await newest(api, FREE_STUDENT, 'booking-rejected'))).toEqual(['email'])
      expect(recipientsOf(mails)).toEqual([FREE_STUDENT])
    })

    it('a session changed and a material added are no mail by default; reviews reach admins as they chose', async () => {
      const pushedAnd = await subscribePush(api, STUDENT)
      await choose(api, OTHER_STUDENT, { channels: { 'session-changed': { email: true } } })
      await choose(api, ADMIN, { channels: { 'material-review': { email: true } } })
      const session = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, session, 'approved', TUTOR)
      await createBooking(api, OTHER_STUDENT, session, 'pending', TUTOR)

      const changed = await mailedBy(api, () =>
        expectOk(
          api.call('PATCH', `/sessions/${session}`, {
            as: ADMIN,
            body: { title: `Moved ${uniqueSuffix()}`, subject: 'Maths', duration: 3, registrationFee: 20 },
          }),
        ),
      )
      expect(channelsOf(await newest(api, STUDENT, 'session-changed'))).toEqual(pushedAnd())
      expect(channelsOf(await newest(api, OTHER_STUDENT, 'session-changed'))).toEqual(['email'])
      expect(recipientsOf(changed)).toEqual([OTHER_STUDENT])
      expectWellFormed(changed[0]!)

      let material = ''
      const uploaded = await mailedBy(api, async () => {
        material = await uploadMaterial(api, TUTOR, session)
      })
      expect(channelsOf(await newest(api, ADMIN, 'material-review'))).toEqual(['email'])
      expect(recipientsOf(uploaded)).toEqual([ADMIN])
      expectWellFormed(uploaded[0]!)

      const added = await mailedBy(api, () =>
        expectOk(api.call('PATCH', `/materials/${material}/approve`, { as: ADMIN })),
      )
      expect(channelsOf(await newest(api, STUDENT, 'material-added'))).toEqual(pushedAnd())
      expect(channelsOf(await newest(api, TUTOR, 'material-approved'))).toEqual([])
      expect(added).toEqual([])

      // A session to review: not mailed unless the admin asks for it.
      const review = await mailedBy(api, () => createSession(api, TUTOR))
      expect(channelsOf(await newest(api, ADMIN, 'session-review'))).toEqual([])
      expect(review).toEqual([])
    })

    it('reminds each student once per lead they chose (1 hour, 1 day, or both), by mail', async () => {
      await choose(api, STUDENT, { reminderLeads: ['1h'] })
      await choose(api, THIRD_STUDENT, { reminderLeads: ['1h', '1d'] })
      // OTHER_STUDENT keeps the default, a day before.
      const soon = await sessionStartingIn(api, 30 * 60_000)
      const later = await sessionStartingIn(api, 5 * HOUR)
      for (const session of [soon, later])
        for (const student of [STUDENT, OTHER_STUDENT, THIRD_STUDENT])
          await createBooking(api, student, session, 'approved', TUTOR)
      const remindersOf = async (email: string) =>
        (await expectOk(api.call<Notification[]>('GET', '/notifications', { as: email }))).data
          .filter((n) => n.kind === 'class-reminder')
          .map((n) => `${n.title} / ${n.link}`)
          .sort()
      const linkOf = (session: string) => `/dashboard/student/bookings/${session}`
      const within = 'Class starts within the hour'
      const aDay = 'Class starts soon'

      const now = new Date()
      const first = await mailedBy(api, () => remindAt(api, now))
      // The class within the hour: each student's shortest lead that applies, one reminder each.
      expect(await remindersOf(STUDENT)).toEqual([`${within} / ${linkOf(soon)}`])
      expect(await remindersOf(OTHER_STUDENT)).toEqual(
        [`${aDay} / ${linkOf(soon)}`, `${aDay} / ${linkOf(later)}`].sort(),
      )
      expect(await remindersOf(THIRD_STUDENT)).toEqual(
        [`${within} / ${linkOf(soon)}`, `${aDay} / ${linkOf(later)}`].sort(),
      )
      expect(recipientsOf(first)).toEqual([STUDENT, OTHER_STUDENT, OTHER_STUDENT, THIRD_STUDENT, THIRD_STUDENT].sort())
      for (const mail of first) expectWellFormed(mail)
      const reminder = await newest(api, STUDENT, 'class-reminder')
      expect(channelsOf(reminder)).toEqual(['email'])

      // Run again (another process, a restart): nothing new.
      expect(await mailedBy(api, () => remindAt(api, now))).toEqual([])
      // Half an hour before the later class: only a student who chose 1 hour gets that one as well.
      const halfHourBefore = new Date(now.getTime() + 5 * HOUR - 30 * 60_000)
      const second = await mailedBy(api, () => remindAt(api, halfHourBefore))
      expect(recipientsOf(second)).toEqual([STUDENT, THIRD_STUDENT].sort())
      expect(await remindersOf(THIRD_STUDENT)).toEqual(
        [`${within} / ${linkOf(soon)}`, `${aDay} / ${linkOf(later)}`, `${within} / ${linkOf(later)}`].sort(),
      )
      expect(await remindersOf(OTHER_STUDENT)).toHaveLength(2)
    })
  })

  describe('mail health', () => {
    it('the admin’s stats count today’s mail sent and failed', async () => {
      const healthOf = async () =>
        (await expectOk(api.call<{ mail: MailHealth }>('GET', '/admin/stats', { as: ADMIN }))).data.mail
      const before = await healthOf()
      expect(before).toMatchObject({ enabled: true, failedToday: 0, lastError: null, lastErrorAt: null })
      const session = await createOpenSession(api, TUTOR)
      const booking = await createBooking(api, STUDENT, session, 'pending', TUTOR)
      const mails = await mailedBy(api, () =>
        expectOk(api.call('PATCH', `/bookings/${booking}`, { as: ADMIN, body: { status: 'approved' } })),
      )
      expect(mails).toHaveLength(1)
      expect(await healthOf()).toEqual({ ...before, sentToday: before.sentToday + 1 })
    })
  })

  describe('unsubscribe', () => {
    it('a mail’s link names what it stops, turns that email off with one click and no sign-in, and a forged one is not found', async () => {
      const session = await createOpenSession(api, TUTOR)
      const booking = await createBooking(api, STUDENT, session, 'pending', TUTOR)
      const [mail] = await mailedBy(api, () =>
        expectOk(api.call('PATCH', `/bookings/${booking}`, { as: ADMIN, body: { status: 'approved' } })),
      )
      const token = unsubscribeTokenOf(mail!)
      const path = `/unsubscribe/${encodeURIComponent(token)}`

      const shown = await expectOk(api.call('GET', path))
      expect(shown.data).toEqual({ kind: 'booking-approved', maskedEmail: 's***@studyhub.demo', subscribed: true })
      expect(JSON.stringify(shown.data)).not.toContain(STUDENT)
      // The one click, as the mail provider's server posts it: a form, no sign-in, none of the app's headers.
      const click = await api.call('POST', path, {
        body: 'List-Unsubscribe=One-Click',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        withoutAppHeader: true,
      })
      expect(click.status).toBe(200)
      expect((await preferencesOf(api, STUDENT)).channels['booking-approved']).toEqual({ push: true, email: false })
      expect((await preferencesOf(api, STUDENT)).channels['booking-cancelled'].email).toBe(true)
      expect((await expectOk(api.call('GET', path))).data).toMatchObject({ subscribed: false })
      // Again is no error, and changes nothing more.
      expect((await api.call('POST', path, { withoutAppHeader: true })).status).toBe(200)

      // The next approval is no mail.
      const other = await createOpenSession(api, TUTOR)
      const next = await createBooking(api, STUDENT, other, 'pending', TUTOR)
      const after = await mailedBy(api, () =>
        expectOk(api.call('PATCH', `/bookings/${next}`, { as: ADMIN, body: { status: 'approved' } })),
      )
      expect(recipientsOf(after)).toEqual([])

      const [body, mac] = token.split('.')
      const flip = (text: string) => `${text[0] === 'A' ? 'B' : 'A'}${text.slice(1)}`
      const otherKind = Buffer.from(`booking-cancelled\n${STUDENT}`).toString('base64url')
      for (const forged of [
        `${body}.${flip(mac!)}`,
        `${flip(body!)}.${mac}`,
        `${otherKind}.${mac}`,
        'nonsense',
        `${token}x`,
      ]) {
        const url = `/unsubscribe/${encodeURIComponent(forged)}`
        expect([forged, (await api.call('GET', url)).status]).toEqual([forged, 404])
        expect([forged, (await api.call('POST', url)).status]).toEqual([forged, 404])
      }
      expect((await preferencesOf(api, STUDENT)).channels['booking-cancelled'].email).toBe(true)
    })
  })
}
