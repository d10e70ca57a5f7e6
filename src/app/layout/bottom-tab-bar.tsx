// The tab bar of a signed-in user on a phone (below md;
// docs/decisions/0078-phone-shell.md): the role's four main destinations
// (./bottom-tabs.ts) and More, a sheet with the rest. Fixed to the bottom
// edge above the phone's home indicator, each tab at least 44 px, the current
// one marked (aria-current) and coloured. Loaded lazily by the root layout for
// signed-in users only; the room the page keeps for it, and toasts above it,
// come from its data-bottom-bar (src/index.css). Fixed, not sticky: a sticky
// bar counts as lying over the page's own controls for axe's target size.
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import type { Role } from '#contract/entities'
import { DialogOpenContext, ModalDialog, useFollowFromDialog } from '#shared/ui/modal-dialog'
import { useMotionKit } from '#shared/ui/use-motion-kit'
import { SECONDARY_BUTTON } from '#shared/ui/ui-classes'
import { BOTTOM_TABS, currentTab, type TabIcon } from './bottom-tabs'
import { DASHBOARD_MENUS } from './dashboard-menus'

// The device's database, for a student's counts only: its own chunk, after the bar.
const TabSyncCount = lazy(() => import('./sync-badge').then((module) => ({ default: module.TabSyncCount })))

const ICON_PATHS: Record<TabIcon | 'more', string> = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  ticket: 'M4 7h16v4a2 2 0 0 0 0 4v4H4v-4a2 2 0 0 0 0-4zM10 7v12',
  note: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h5',
  calendar: 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5',
  file: 'M6 3h9l4 4v14H6zM14 3v5h5',
  bell: 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7M22 21a7 7 0 0 0-4-6.3',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
}

function TabIconSvg({ name }: { name: TabIcon | 'more' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'more' ? 3 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  )
}

function tabClass(current: boolean): string {
  return `tap relative flex h-16 w-full flex-col items-center justify-center gap-0.5 px-1 text-center text-[0.6875rem] leading-tight font-semibold ${
    current ? 'text-accent' : 'text-ink-muted hover:text-ink'
  }`
}

/** The icon's pill: filled on the current tab, so the mark is more than a colour. */
function Pill({ current, children }: { current: boolean; children: ReactNode }) {
  return (
    <span className={`flex h-7 w-12 items-center justify-center rounded-full ${current ? 'bg-accent-soft' : ''}`}>
      {children}
    </span>
  )
}

export default function BottomTabBar({ role, email }: { role: Role; email: string }) {
  const { pathname } = useLocation()
  const [moreOpen, setMoreOpen] = useState(false)
  const kit = useMotionKit()
  const current = currentTab(role, pathname)
  // A screen no tab holds (one of More's, Settings) marks More.
  const onMore = current === null && (pathname.startsWith('/dashboard') || pathname === '/settings')
  const sheet = moreOpen ? <MoreSheet key="more" role={role} onClose={() => setMoreOpen(false)} /> : null

  return (
    <>
      <nav
        aria-label="Tabs"
        data-bottom-bar
        className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom,0px)] backdrop-blur md:hidden"
      >
        <ul className="mx-auto grid max-w-lg grid-cols-5">
          {BOTTOM_TABS[role].map((tab) => {
            const isCurrent = tab === current
            return (
              <li key={tab.to}>
                <Link to={tab.to} aria-current={isCurrent ? 'page' : undefined} className={tabClass(isCurrent)}>
                  <Pill current={isCurrent}>
                    <TabIconSvg name={tab.icon} />
                  </Pill>
                  <span>{tab.label}</span>
                  {role === 'student' && (tab.icon === 'note' || tab.icon === 'ticket') ? (
                    <Suspense fallback={null}>
                      <TabSyncCount email={email} of={tab.icon === 'note' ? 'notes' : 'cancels'} />
                    </Suspense>
                  ) : null}
                </Link>
              </li>
            )
          })}
          <li>
            <button
              type="button"
              aria-haspopup="dialog"
              aria-expanded={moreOpen}
              className={tabClass(onMore)}
              onClick={() => setMoreOpen(true)}
            >
              <Pill current={onMore}>
                <TabIconSvg name="more" />
              </Pill>
              <span>More</span>
            </button>
          </li>
        </ul>
      </nav>
      {/* Outside the presence, so a sheet on its way out already reads closed (Back, focus, the page). */}
      <DialogOpenContext.Provider value={moreOpen}>
        {kit ? (
          <kit.MotionScope>
            <kit.Presence>{sheet}</kit.Presence>
          </kit.MotionScope>
        ) : (
          sheet
        )}
      </DialogOpenContext.Provider>
    </>
  )
}

const SHEET_LINK =
  'tap flex w-full items-center rounded-lg px-3 py-3 text-base font-medium text-ink hover:bg-muted aria-[current=page]:bg-accent-soft aria-[current=page]:text-accent'

/** More: every screen of the role's menu, the inbox and Settings. */
function MoreSheet({ role, onClose }: { role: Role; onClose: () => void }) {
  const title = `${role[0]!.toUpperCase()}${role.slice(1)} menu`
  return (
    <ModalDialog title={title} onDismiss={onClose} layout="sheet">
      <SheetLinks role={role} onClose={onClose} />
      <button type="button" className={`${SECONDARY_BUTTON} mt-3 w-full`} onClick={onClose}>
        Close
      </button>
    </ModalDialog>
  )
}

function SheetLinks({ role, onClose }: { role: Role; onClose: () => void }) {
  const { pathname } = useLocation()
  const follow = useFollowFromDialog(onClose)
  const items = [
    ...DASHBOARD_MENUS[role],
    { label: 'Notifications', to: '/dashboard/notifications' },
    { label: 'Settings', to: '/settings' },
  ]
  return (
    <ul className="mt-3 space-y-1">
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            replace
            aria-current={pathname === item.to ? 'page' : undefined}
            className={SHEET_LINK}
            onClick={(event) => follow(event, item.to)}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}
