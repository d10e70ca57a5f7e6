// The inbox's quiet mark of a notification that also went out by email: only
// an email delivery that was sent, not one queued or failed, nor a push.
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { expect, it } from 'vitest'
import { server } from '../../../../tests/setup/msw-server'
import type { Delivery, Notification } from '#contract/entities'
import { renderApp } from '#app/testing/render-app'
import { NotificationList } from './notification-list'

function notification(title: string, deliveries?: Delivery[]): Notification {
  return {
    _id: title,
    kind: 'booking-approved',
    title,
    body: `${title}.`,
    link: '/dashboard/my-bookings',
    createdAt: '2026-11-28T09:00:00.000Z',
    readAt: null,
    ...(deliveries && { deliveries }),
  }
}

it('marks the notifications that were emailed, and only those', async () => {
  const inbox = [
    notification('Sent both ways', [
      { channel: 'push', state: 'sent' },
      { channel: 'email', state: 'sent' },
    ]),
    notification('Email on its way', [{ channel: 'email', state: 'queued' }]),
    notification('Email failed', [{ channel: 'email', state: 'failed' }]),
    notification('Pushed only', [{ channel: 'push', state: 'sent' }]),
    notification('From an older server'),
  ]
  server.use(http.get('*/api/notifications', () => HttpResponse.json(inbox, { headers: { 'X-Total-Count': '5' } })))
  renderApp(<NotificationList email="student@studyhub.demo" />, { as: 'student' })
  const items = await screen.findAllByTestId('notification')
  expect(items).toHaveLength(5)
  const marked = items.filter((item) => item.textContent!.includes('· Emailed')).map((item) => item.textContent!)
  expect(marked).toHaveLength(1)
  expect(marked[0]).toContain('Sent both ways')
})
