// The Mailbox screen over the demo server (msw/node): recipients, each one's
// mail newest first, and a mail opened as a mail client shows it, its HTML in
// a sandboxed frame and its text, with the invite a booking's mail carries.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { demoDb } from '../../../mocks/db/demo-db'
import { call, resetDemoDb } from '../../../mocks/testing/sign-in'
import { DEMO_ACCOUNT_PASSWORD } from '#contract/demo-identity'
import { renderApp } from '#app/testing/render-app'
import { Mailbox } from './mailbox'

const STUDENT = 'student@studyhub.demo'
const TUTOR = 'tutor@studyhub.demo'

beforeEach(() => resetDemoDb())

const askReset = (email: string) => call('POST', '/demo-idp/send-password-reset', { body: { email } })

describe('Mailbox', () => {
  it('says when there is no mail yet', async () => {
    renderApp(<Mailbox />, { url: '/demo/mailbox' })
    expect(await screen.findByText(/^No mail yet/)).toBeTruthy()
  })

  it('shows the preferred recipient’s mail, newest first, opens one, and switches to another recipient', async () => {
    await askReset(TUTOR)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-05-01T10:00:00.000Z'))
      await askReset(STUDENT)
      // A minute later, another kind of mail to the same student.
      vi.setSystemTime(new Date('2026-05-01T10:01:00.000Z'))
      const { data } = await call('POST', '/demo-idp/sign-in', {
        body: { email: STUDENT, password: DEMO_ACCOUNT_PASSWORD },
      })
      await call('POST', '/demo-idp/send-email-verification', { token: data.idToken, body: {} })
    } finally {
      vi.useRealTimers()
    }
    const subjects = (
      await demoDb().mailbox.where('[to+createdAt]').between([STUDENT, ''], [STUDENT, '\uffff']).toArray()
    ).map((m) => m.subject)
    const user = userEvent.setup()
    const { router } = renderApp(<Mailbox preferredRecipient={STUDENT} />, { url: '/demo/mailbox' })
    const picker = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Recipient' })
    await waitFor(() => expect(picker.value).toBe(STUDENT))
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining([`${STUDENT} (2)`, `${TUTOR} (1)`]))
    const mails = await screen.findAllByTestId('mailbox-mail')
    expect(mails.map((m) => m.querySelector('span')!.textContent)).toEqual([...subjects].reverse())

    await user.click(mails[1]!)
    const frame = await screen.findByTitle<HTMLIFrameElement>(/^The mail: /)
    expect(frame.getAttribute('sandbox')).toBe('')
    expect(frame.getAttribute('src')).toMatch(/^blob:/)
    expect(router.state.location.search).toMatch(/mail=/)
    expect(screen.getByText(STUDENT, { selector: 'dd' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Text' }))
    expect(screen.getByText(/\/demo\/reset-password\?code=/, { selector: 'pre' })).toBeTruthy()
    // The link in it is one to follow.
    expect(screen.getByRole('link', { name: /\/demo\/reset-password\?code=/ })).toBeTruthy()

    await user.selectOptions(picker, TUTOR)
    await waitFor(() => expect(screen.getAllByTestId('mailbox-mail')).toHaveLength(1))
    expect(router.state.location.search).toBe(`?to=${encodeURIComponent(TUTOR)}`)
  })

  it('offers a booking decision’s invite to download', async () => {
    const { data: pending } = await call<{ _id: string; studentEmail: string }[]>('GET', '/bookings?status=pending', {
      as: 'admin@studyhub.demo',
    })
    const booking = pending[0]!
    await call('PATCH', `/bookings/${booking._id}`, { as: 'admin@studyhub.demo', body: { status: 'approved' } })
    const user = userEvent.setup()
    renderApp(<Mailbox preferredRecipient={booking.studentEmail} />, { url: '/demo/mailbox' })
    await user.click((await screen.findAllByTestId('mailbox-mail'))[0]!)
    const invite = await screen.findByRole('link', { name: /^Download the invite/ })
    expect(invite.getAttribute('href')).toMatch(/^blob:/)
    expect(invite.getAttribute('download')).toMatch(/\.ics$/)
  })
})
