// The sticky navigation bar of spec §2. Links for everyone, then Dashboard
// when logged in, or Login and Register when logged out. On small screens the
// links collapse into a menu.
import { useState } from 'react'
import { Link, NavLink } from 'react-router-dom'

const PUBLIC_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/study-sessions', label: 'Study Sessions', end: false },
  { to: '/tutors', label: 'Tutors', end: false },
  { to: '/about', label: 'About', end: false },
] as const

const GUEST_LINKS = [
  { to: '/login', label: 'Login', end: false },
  { to: '/register', label: 'Register', end: false },
] as const

function linkClass({ isActive }: { isActive: boolean }): string {
  return `rounded px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-200'}`
}

export function Navbar() {
  const [open, setOpen] = useState(false)
  const links = [...PUBLIC_LINKS, ...GUEST_LINKS]
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="text-xl font-extrabold text-brand-900">
          StudyHub
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="rounded p-2 text-slate-800 hover:bg-slate-200 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((v) => !v)}
        >
          <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      {open && (
        <ul id="mobile-menu" className="space-y-1 border-t border-slate-200 px-4 py-3 md:hidden">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={linkClass} onClick={() => setOpen(false)}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </header>
  )
}
