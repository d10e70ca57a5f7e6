// The dashboard shell (docs/product.md#screens): a sidebar menu by role beside
// the routed screen, above md. Below it the phone's tab bar and its More sheet
// hold the same screens (src/app/layout/bottom-tab-bar.tsx): a sideways row
// of the menu cut its items mid-word on a phone.
import { NavLink, Outlet } from 'react-router-dom'
import { useUser } from '#features/auth/user-query'
import { DASHBOARD_MENUS } from '../../layout/dashboard-menus'

function itemClass({ isActive }: { isActive: boolean }): string {
  return `tap flex items-center rounded px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-700 text-white' : 'text-ink hover:bg-muted-strong'
  }`
}

export function Component() {
  const { role } = useUser()
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row">
      <nav aria-label="Dashboard" className="hidden md:block md:w-56 md:shrink-0">
        <p className="mb-2 px-3 text-xs font-bold tracking-wide text-ink-muted uppercase">{role} menu</p>
        <ul className="flex flex-col gap-1">
          {DASHBOARD_MENUS[role].map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={itemClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  )
}
