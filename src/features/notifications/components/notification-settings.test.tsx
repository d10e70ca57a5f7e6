// Settings' Notifications section against a small stand-in for the
// preferences routes (the rules themselves are the conformance suite's): each
// role sees its own kinds, a change shows at once and is saved as made, a
// refused one goes back with the reason, and offline nothing can be changed
// and the section says changes are not kept for later.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../../../tests/setup/msw-server'
import { NOTIFICATION_KINDS, type NotificationPreferences } from '#contract/entities'
import { renderApp } from '#app/testing/render-app'
import { withChange, type PreferencesChange } from '../api/preference-queries'
import NotificationSettings, { OFFLINE_SETTINGS } from './notification-settings'

const PATH = '*/api/users/me/notification-preferences'

function defaults(): NotificationPreferences {
  const channels = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { push: true, email: kind === 'booking-approved' }]),
  ) as NotificationPreferences['channels']
  return { channels, reminderLeads: ['1d'], timeZone: 'Europe/Berlin' }
}

/** The preferences routes over one user's stored preferences; every PATCH body in order. */
function preferencesServer(answer: (change: PreferencesChange) => Promise<Response | null> = async () => null) {
  const state = { stored: defaults(), patches: [] as PreferencesChange[] }
  server.use(
    http.get(PATH, () => HttpResponse.json(state.stored)),
    http.patch(PATH, async ({ request }) => {
      const change = (await request.json()) as PreferencesChange
      state.patches.push(change)
      const refusal = await answer(change)
      if (refusal) return refusal
      state.stored = withChange(state.stored, change)
      return HttpResponse.json(state.stored)
    }),
  )
  return state
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

const row = (label: string) => screen.getByRole('group', { name: label })
const switchOf = (label: string, channel: 'Push' | 'Email') =>
  within(row(label)).getByRole('switch', { name: channel }) as HTMLInputElement

beforeEach(() => setOnline(true))

describe('the Notifications section of Settings', () => {
  it('shows a student the student kinds with their switches, the reminders and the saved zone', async () => {
    preferencesServer()
    renderApp(<NotificationSettings email="student@studyhub.demo" role="student" />)
    await screen.findByRole('group', { name: 'Booking approved' })
    expect(switchOf('Booking approved', 'Email').checked).toBe(true)
    expect(switchOf('Booking approved', 'Push').checked).toBe(true)
    expect(switchOf('New study material', 'Email').checked).toBe(false)
    expect(screen.queryByRole('group', { name: 'A session to review' })).toBeNull()
    expect(screen.queryByRole('group', { name: 'A new booking of your session' })).toBeNull()
    const reminders = screen.getByRole('group', { name: 'Remind me before each class' })
    expect((within(reminders).getByRole('switch', { name: '1 day before' }) as HTMLInputElement).checked).toBe(true)
    expect((within(reminders).getByRole('switch', { name: '1 hour before' }) as HTMLInputElement).checked).toBe(false)
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement).value).toBe('Europe/Berlin')
  })

  it('shows a tutor and an admin their own kinds, and no reminders', async () => {
    preferencesServer()
    const tutor = renderApp(<NotificationSettings email="tutor@studyhub.demo" role="tutor" />)
    await screen.findByRole('group', { name: 'A new booking of your session' })
    expect(screen.queryByRole('group', { name: 'Booking approved' })).toBeNull()
    expect(screen.queryByRole('group', { name: 'Remind me before each class' })).toBeNull()
    tutor.unmount()
    renderApp(<NotificationSettings email="admin@studyhub.demo" role="admin" />)
    await screen.findByRole('group', { name: 'A session to review' })
    expect(screen.getAllByRole('switch')).toHaveLength(4)
  })

  it('shows a change at once, before the server answers, and saves each as it is made', async () => {
    let release!: () => void
    const answered = new Promise<void>((resolve) => (release = resolve))
    const state = preferencesServer(async () => {
      await answered
      return null
    })
    renderApp(<NotificationSettings email="student@studyhub.demo" role="student" />)
    await screen.findByRole('group', { name: 'New study material' })
    await userEvent.click(switchOf('New study material', 'Email'))
    expect(switchOf('New study material', 'Email').checked).toBe(true)
    await userEvent.click(screen.getByRole('switch', { name: '1 hour before' }))
    expect((screen.getByRole('switch', { name: '1 hour before' }) as HTMLInputElement).checked).toBe(true)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'America/New_York')
    release()
    await waitFor(() => expect(state.patches).toHaveLength(3))
    expect(state.patches).toEqual([
      { channels: { 'material-added': { email: true } } },
      { reminderLeads: ['1h', '1d'] },
      { timeZone: 'America/New_York' },
    ])
    await waitFor(() => expect(state.stored.timeZone).toBe('America/New_York'))
    expect(switchOf('New study material', 'Email').checked).toBe(true)
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement).value).toBe('America/New_York')
  })

  it('puts a refused change back as it was and says why', async () => {
    preferencesServer(async () => {
      await delay(20)
      return HttpResponse.json({ message: 'timeZone must be an IANA time zone' }, { status: 400 })
    })
    renderApp(<NotificationSettings email="student@studyhub.demo" role="student" />)
    await screen.findByRole('group', { name: 'Booking approved' })
    await userEvent.click(switchOf('Booking approved', 'Email'))
    expect(switchOf('Booking approved', 'Email').checked).toBe(false)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your change was not saved: timeZone must be an IANA time zone. It is back as it was.',
    )
    expect(switchOf('Booking approved', 'Email').checked).toBe(true)
  })

  it('says a change that found no server was not saved', async () => {
    preferencesServer(async () => HttpResponse.error())
    renderApp(<NotificationSettings email="student@studyhub.demo" role="student" />)
    await screen.findByRole('group', { name: 'Booking approved' })
    await userEvent.click(switchOf('Booking approved', 'Push'))
    expect((await screen.findByRole('alert')).textContent).toContain('the server could not be reached')
    await waitFor(() => expect(switchOf('Booking approved', 'Push').checked).toBe(true))
  })

  it('offline, lets nothing change and says changes are not kept to send later', async () => {
    const state = preferencesServer()
    renderApp(<NotificationSettings email="student@studyhub.demo" role="student" />)
    await screen.findByRole('group', { name: 'Booking approved' })
    setOnline(false)
    const email = switchOf('Booking approved', 'Email')
    expect(email.disabled).toBe(true)
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(OFFLINE_SETTINGS)
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement).disabled).toBe(true)
    await userEvent.click(email)
    expect(email.checked).toBe(true)
    expect(state.patches).toEqual([])
    setOnline(true)
    expect(switchOf('Booking approved', 'Email').disabled).toBe(false)
    expect(screen.queryByText(OFFLINE_SETTINGS)).toBeNull()
  })
})
