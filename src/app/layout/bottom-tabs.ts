// The phone's tab bar by role (docs/decisions/0078-phone-shell.md): four
// destinations each role opens most, then More, a sheet with every screen of
// the role's menu (src/app/layout/dashboard-menus.ts), the inbox and Settings.
// `also`: the paths under a tab that are not its own address (a session's
// details belong to Sessions, a booking's screens to My Bookings).
import type { Role } from '#contract/entities'

export type TabIcon = 'home' | 'search' | 'ticket' | 'note' | 'calendar' | 'file' | 'bell' | 'users'

export interface Tab {
  label: string
  to: string
  icon: TabIcon
  also?: readonly string[]
}

export const BOTTOM_TABS: Record<Role, readonly Tab[]> = {
  student: [
    { label: 'Home', to: '/dashboard/student', icon: 'home', also: ['/dashboard/my-reviews'] },
    { label: 'Sessions', to: '/study-sessions', icon: 'search', also: ['/session-details/'] },
    { label: 'My Bookings', to: '/dashboard/my-bookings', icon: 'ticket', also: ['/dashboard/student/bookings/'] },
    { label: 'Notes', to: '/dashboard/my-notes', icon: 'note', also: ['/dashboard/create-note'] },
  ],
  tutor: [
    { label: 'Home', to: '/dashboard/tutor', icon: 'home' },
    { label: 'My Sessions', to: '/dashboard/my-sessions', icon: 'calendar', also: ['/dashboard/add-session'] },
    { label: 'Materials', to: '/dashboard/my-material', icon: 'file', also: ['/dashboard/tutor-materials'] },
    { label: 'Inbox', to: '/dashboard/notifications', icon: 'bell' },
  ],
  admin: [
    { label: 'Home', to: '/dashboard/admin', icon: 'home' },
    { label: 'Sessions', to: '/dashboard/manage-sessions', icon: 'calendar' },
    { label: 'Bookings', to: '/dashboard/manage-bookings', icon: 'ticket' },
    { label: 'Users', to: '/dashboard/manage-users', icon: 'users' },
  ],
}

/** The tab a path belongs to, or null (a screen reached through More, or a public page). */
export function currentTab(role: Role, pathname: string): Tab | null {
  return (
    BOTTOM_TABS[role].find(
      (tab) => pathname === tab.to || (tab.also ?? []).some((path) => pathname === path || pathname.startsWith(path)),
    ) ?? null
  )
}
