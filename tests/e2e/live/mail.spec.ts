// Mail from the live API server to a real SMTP server, which this spec runs
// on the port the live stack gave the server (E2E_LIVE_SMTP_PORT,
// ./live-stack.ts). An admin approves a student's booking on Manage Bookings:
// the student's mailbox gets a mail naming the session, with a calendar
// invite (REQUEST) for the booking's event; an admin's cancel of the booking
// sends that event's cancellation (CANCEL, the same UID). Each mail is read
// as a mail client reads it (mailparser), each invite as a calendar does
// (ical.js). Mail of other tests to other sessions may arrive too: the spec
// reads only its own session's.
import ICAL from 'ical.js'
import { simpleParser, type ParsedMail } from 'mailparser'
import { startSmtpCapture, type SmtpCapture } from '../../conformance/services/smtp-capture'
import { callApi, DEMO_EMAIL, logInAs } from '../demo-accounts'
import { expect, test } from '../fixtures'

const DAY = 86_400_000
const STUDENT = DEMO_EMAIL.student

let smtp: SmtpCapture
test.beforeAll(async () => {
  smtp = await startSmtpCapture('accept', Number(process.env.E2E_LIVE_SMTP_PORT))
})
test.afterAll(() => smtp?.close())

interface Invite {
  method: string
  uid: string
  summary: string
}

/** The invite a mail carries as its invite.ics file, as a calendar reads it. */
function inviteOf(mail: ParsedMail): Invite | null {
  const file = mail.attachments.find((a) => a.filename === 'invite.ics')
  if (!file) return null
  const calendar = new ICAL.Component(ICAL.parse(file.content.toString('utf8')) as unknown[])
  const event = calendar.getFirstSubcomponent('vevent')!
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    summary: String(event.getFirstPropertyValue('summary')),
  }
}

/** The mails to the student about `title` received so far, parsed, oldest first. */
async function mailsAbout(title: string): Promise<{ mail: ParsedMail; invite: Invite | null }[]> {
  const parsed = await Promise.all(
    smtp
      .received()
      .filter((m) => m.to === STUDENT)
      .map(async (m) => simpleParser(m.raw)),
  )
  return parsed.filter((mail) => mail.subject?.includes(title)).map((mail) => ({ mail, invite: inviteOf(mail) }))
}

test('approving a booking mails its student the invite, and cancelling it mails the cancellation @live', async ({
  page,
}) => {
  const title = `Mailed class ${Date.now()}`
  await logInAs(page, 'tutor')
  const created = await callApi<{ insertedId: string }>(page, '/sessions', {
    method: 'POST',
    body: {
      title,
      subject: 'Physics',
      description: 'A class whose booking is mailed.',
      registrationStart: new Date(Date.now() - DAY).toISOString(),
      registrationEnd: new Date(Date.now() + 5 * DAY).toISOString(),
      classStart: new Date(Date.now() + 7 * DAY).toISOString(),
      classEnd: new Date(Date.now() + 7 * DAY + 7_200_000).toISOString(),
      duration: 2,
      registrationFee: 0,
      tutorName: 'Priya Sharma',
      tutorEmail: DEMO_EMAIL.tutor,
    },
  })
  expect(created.status).toBe(201)
  const sessionId = created.body.insertedId
  await logInAs(page, 'admin')
  expect((await callApi(page, `/sessions/${sessionId}/approve`, { method: 'PATCH', body: { fee: 0 } })).status).toBe(
    200,
  )
  await logInAs(page, 'student')
  const booked = await callApi<{ insertedId: string; status: string }>(page, '/bookings', {
    method: 'POST',
    body: { sessionId, studentEmail: STUDENT, tutorEmail: DEMO_EMAIL.tutor },
  })
  expect([booked.status, booked.body.status]).toEqual([201, 'pending'])
  const bookingId = booked.body.insertedId

  await logInAs(page, 'admin', '/dashboard/manage-bookings')
  await page.getByRole('button', { name: `Approve booking of ${title} by ${STUDENT}`, exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Booking approved' })).toBeVisible()

  await expect.poll(async () => (await mailsAbout(title)).length, { timeout: 20_000 }).toBe(1)
  const [approved] = await mailsAbout(title)
  expect(approved!.mail.text).toContain(title)
  expect(approved!.mail.html).toContain(title)
  expect(approved!.invite).toMatchObject({ method: 'REQUEST', summary: title })
  // The booking's own event, as its calendar feed and download name it.
  const uid = approved!.invite!.uid
  expect(uid).toMatch(new RegExp(`^booking-${bookingId}@`))

  expect((await callApi(page, `/bookings/${bookingId}/cancel`, { method: 'PATCH' })).status).toBe(200)
  await expect.poll(async () => (await mailsAbout(title)).length, { timeout: 20_000 }).toBe(2)
  const [, cancelled] = await mailsAbout(title)
  expect(cancelled!.invite).toEqual({ method: 'CANCEL', uid, summary: title })
})
