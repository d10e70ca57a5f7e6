// The phone's tab bar: each role's four destinations and More, every one a
// screen that role may open, the current one marked, a screen's sub-pages
// marking their tab, and More holding every other screen of the role's menu
// (the dashboard's sideways row is gone on a phone).
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Role } from '#contract/entities'
import { renderApp } from '../testing/render-app'
import BottomTabBar from './bottom-tab-bar'
import { BOTTOM_TABS, currentTab } from './bottom-tabs'
import { DASHBOARD_MENUS } from './dashboard-menus'

const ROLES: Role[] = ['student', 'tutor', 'admin']
/** Screens every signed-in user may open besides their role's menu. */
const EVERYONE = ['/study-sessions', '/dashboard/notifications']

describe('the tabs of each role', () => {
  it.each(ROLES)('are four screens the %s may open, and My Bookings is one of the student’s', (role) => {
    const allowed = new Set([...DASHBOARD_MENUS[role].map((item) => item.to), ...EVERYONE])
    expect(BOTTOM_TABS[role]).toHaveLength(4)
    for (const tab of BOTTOM_TABS[role]) expect(allowed, tab.to).toContain(tab.to)
    expect(BOTTOM_TABS[role][0]!.to).toBe(DASHBOARD_MENUS[role][0]!.to)
  })

  it('mark the tab a sub-page belongs to, and none for a screen reached through More', () => {
    expect(currentTab('student', '/dashboard/student/bookings/abc/materials')?.label).toBe('My Bookings')
    expect(currentTab('student', '/session-details/abc')?.label).toBe('Sessions')
    expect(currentTab('student', '/dashboard/create-note')?.label).toBe('Notes')
    expect(currentTab('student', '/dashboard/my-materials')).toBeNull()
    expect(currentTab('admin', '/dashboard/manage-bookings')?.label).toBe('Bookings')
  })
})

describe('the bar', () => {
  it('marks the current tab, and More opens the rest of the menu as a sheet', async () => {
    const user = userEvent.setup()
    renderApp(<BottomTabBar role="student" email="student@studyhub.demo" />, {
      as: 'student',
      url: '/dashboard/my-bookings',
    })
    const bar = screen.getByRole('navigation', { name: 'Tabs' })
    expect(
      within(bar)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Sessions', 'My Bookings', 'Notes'])
    expect(within(bar).getByRole('link', { name: 'My Bookings' }).getAttribute('aria-current')).toBe('page')
    expect(within(bar).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()

    await user.click(within(bar).getByRole('button', { name: 'More' }))
    const sheet = screen.getByRole('dialog', { name: 'Student menu' })
    const links = within(sheet)
      .getAllByRole('link')
      .map((l) => l.textContent)
    expect(links).toEqual([...DASHBOARD_MENUS.student.map((item) => item.label), 'Notifications', 'Settings'])
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(within(bar).getByRole('button', { name: 'More' }))
  })
})
