// The admin dashboard's mail card, from GET /admin/stats answered here (the
// counts themselves are the servers', tested in the conformance suite): today's
// sent and failed with the last error, "off" for a server with no mail server,
// and no card from a server that says nothing of mail.
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { expect, it } from 'vitest'
import { server } from '../../../../tests/setup/msw-server'
import type { MailHealth } from '#contract/entities'
import { MAIL_OFF } from '#features/stats/components/mail-health'
import { formatDateTime } from '#shared/format/date'
import { renderApp } from '../../testing/render-app'
import { Component as AdminDashboard } from './admin'

const COUNTS = { totalUsers: 12, totalSessions: 9, pending: 2, approved: 6, rejected: 1, totalMaterials: 4 }

function statsWith(mail: MailHealth | undefined) {
  server.use(http.get('*/api/admin/stats', () => HttpResponse.json({ ...COUNTS, ...(mail && { mail }) })))
}

/** The value and details of the card labelled `label`. */
async function card(label: string): Promise<string> {
  const term = await screen.findByText(label, { selector: 'dt' })
  return term.parentElement!.textContent!
}

it('shows the mail sent and failed today, and the last error with its time', async () => {
  const at = '2026-11-28T09:15:00.000Z'
  statsWith({
    enabled: true,
    sentToday: 37,
    failedToday: 2,
    lastError: '421 mail.example: try again later',
    lastErrorAt: at,
  })
  renderApp(<AdminDashboard />, { as: 'admin' })
  const shown = await card('Emails sent today')
  expect(shown).toContain('37')
  expect(shown).toContain('2 failed today')
  expect(shown).toContain(`Last error, ${formatDateTime(at)}: 421 mail.example: try again later`)
})

it('says mail is off on a server with no mail server', async () => {
  statsWith({ enabled: false, sentToday: 0, failedToday: 0, lastError: null, lastErrorAt: null })
  renderApp(<AdminDashboard />, { as: 'admin' })
  const shown = await card('Email')
  expect(shown).toContain('Off')
  expect(shown).toContain(MAIL_OFF)
  expect(screen.queryByText('Emails sent today')).toBeNull()
})

it('shows no mail card when the server says nothing of mail', async () => {
  statsWith(undefined)
  renderApp(<AdminDashboard />, { as: 'admin' })
  await screen.findByText('Total Materials')
  expect(screen.queryByText('Emails sent today')).toBeNull()
  expect(screen.queryByText('Email', { selector: 'dt' })).toBeNull()
})
