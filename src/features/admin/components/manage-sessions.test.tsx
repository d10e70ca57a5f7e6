import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import { api } from '#shared/api/http-client'
import { formatFee } from '#shared/format/number'
import { renderApp } from '#app/testing/render-app'
import { ManageSessions } from './manage-sessions'

beforeEach(async () => {
  await resetDemoDb()
  await signInAs('admin@studyhub.demo')
})

async function firstPending() {
  const pending = await api('listAdminSessions', { query: { status: 'pending', page: '1', limit: '10' } })
  const session = pending[0]
  if (!session) throw new Error('the seed has a pending session')
  return session
}

async function approveThroughDialog(title: string, fill: (dialog: HTMLElement) => Promise<void>) {
  const pendingTable = await screen.findByRole('table', { name: 'Pending sessions' })
  await userEvent.click(within(pendingTable).getByRole('button', { name: `Approve ${title}` }))
  const dialog = screen.getByRole('dialog', { name: 'Approve session' })
  await fill(dialog)
  await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve session' })).toBeNull())
}

describe('Manage Sessions: approve dialog fee rules', () => {
  it('shows a fee of 1000 as the rest of the app does, with one formatter', async () => {
    const approved = await api('listAdminSessions', { query: { status: 'approved', page: '1', limit: '1' } })
    const session = approved[0]!
    await api('updateSession', {
      params: { id: session._id },
      body: {
        title: 'A thousand-dollar session',
        subject: session.subject,
        duration: session.duration,
        registrationFee: 1000,
      },
    })
    renderApp(<ManageSessions />)
    const all = await screen.findByRole('table', { name: 'All sessions' })
    const row = (await within(all).findAllByText('A thousand-dollar session'))[0]!.closest('tr')!
    expect(row.textContent).toContain(formatFee(1000))
    expect(formatFee(1000)).toMatch(/^\$1.000$/)
  })

  it.each([
    { name: 'approves as Paid with the fee typed', typed: '35', fee: 35 },
    { name: 'sends 0 for a non-numeric Paid fee', typed: 'ten dollars', fee: 0 },
  ])('$name', async ({ typed, fee }) => {
    const session = await firstPending()
    renderApp(<ManageSessions />)
    await approveThroughDialog(session.title, async (dialog) => {
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Paid' }))
      const input = within(dialog).getByLabelText('Fee')
      await userEvent.clear(input)
      await userEvent.type(input, typed)
    })
    expect(await api('getSession', { params: { id: session._id } })).toMatchObject({
      status: 'approved',
      registrationFee: fee,
    })
  })

  it('forces 0 when Free is chosen, whatever was typed', async () => {
    const session = await firstPending()
    let sent: unknown
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'PATCH' && request.url.endsWith('/approve')) sent = await request.clone().json()
    })
    renderApp(<ManageSessions />)
    await approveThroughDialog(session.title, async (dialog) => {
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Paid' }))
      await userEvent.type(within(dialog).getByLabelText('Fee'), '99')
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Free' }))
      expect(within(dialog).getByLabelText('Fee')).toHaveProperty('disabled', true)
    })
    server.events.removeAllListeners()
    // Exactly the contract's payload: {fee}, nothing else.
    expect(sent).toEqual({ fee: 0 })
    expect((await api('getSession', { params: { id: session._id } })).registrationFee).toBe(0)
  })

  it('shows "No actions" for sessions that are not approved, and "Something went wrong" when an action fails silently', async () => {
    const session = await firstPending()
    server.use(http.patch('*/api/sessions/:id/reject', () => HttpResponse.json({}, { status: 500 })))
    renderApp(<ManageSessions />)
    const all = await screen.findByRole('table', { name: 'All sessions' })
    const rows = within(all).getAllByRole('row').slice(1)
    for (const row of rows) {
      const approved = within(row).queryByText('approved') !== null
      expect(within(row).queryByText('No actions') !== null).toBe(!approved)
      expect(within(row).queryByRole('button', { name: /^Update/ }) !== null).toBe(approved)
    }
    // The pending table has its own query: it may still be loading when the All table shows.
    const pendingTable = await screen.findByRole('table', { name: 'Pending sessions' })
    await userEvent.click(within(pendingTable).getByRole('button', { name: `Reject ${session.title}` }))
    expect(await screen.findByRole('alertdialog', { name: 'Something went wrong' })).toBeTruthy()
  })

  it('puts the class actions its route gives on approved sessions only, after Update and Delete', async () => {
    renderApp(<ManageSessions classActions={(session) => <button type="button">Class of {session.title}</button>} />)
    const all = await screen.findByRole('table', { name: 'All sessions' })
    const rows = within(all).getAllByRole('row').slice(1)
    expect(rows.length).toBeGreaterThan(1)
    for (const row of rows) {
      const approved = within(row).queryByText('approved') !== null
      expect(within(row).queryByRole('button', { name: /^Class of / }) !== null).toBe(approved)
    }
  })
})

describe('Manage Sessions: the approve dialog shows what the admin approves', () => {
  it('shows the session’s schedule, as the route gives it, in the dialog', async () => {
    const session = await firstPending()
    renderApp(<ManageSessions schedule={(s) => <p data-testid="schedule-slot">The meetings of {s.title}</p>} />)
    const pendingTable = await screen.findByRole('table', { name: 'Pending sessions' })
    await userEvent.click(within(pendingTable).getByRole('button', { name: `Approve ${session.title}` }))
    const dialog = screen.getByRole('dialog', { name: 'Approve session' })
    expect(within(dialog).getByTestId('schedule-slot').textContent).toBe(`The meetings of ${session.title}`)
  })
})
