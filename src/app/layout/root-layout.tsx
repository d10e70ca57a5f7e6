import { Outlet } from 'react-router-dom'
import { Navbar } from './navbar'

export function RootLayout() {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] focus:outline-none">
        <Outlet />
      </main>
    </>
  )
}
