// Focus follows client-side navigation to the new page's heading, including a
// heading a lazy page renders later, but the first load leaves focus alone.
import { act, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { useHeadingFocusOnNavigate } from './use-heading-focus-on-navigate'

function Layout() {
  useHeadingFocusOnNavigate()
  return (
    <main id="main" tabIndex={-1}>
      <Outlet />
    </main>
  )
}

/** A page whose heading appears only after a button press, like a page waiting for its data. */
function LatePage() {
  const [ready, setReady] = useState(false)
  return ready ? <h1>Late page</h1> : <button onClick={() => setReady(true)}>Load</button>
}

function open(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/about', element: <h1>About</h1> },
          { path: '/late', element: <LatePage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('useHeadingFocusOnNavigate', () => {
  it('leaves focus alone on the first load', () => {
    open('/')
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Home' }))
  })

  it('moves focus to the heading of the page navigated to', async () => {
    const router = open('/')
    await act(() => router.navigate('/about'))
    const heading = screen.getByRole('heading', { name: 'About' })
    expect(document.activeElement).toBe(heading)
    expect(heading.getAttribute('tabindex')).toBe('-1')
  })

  it('waits for a heading the page renders later', async () => {
    const router = open('/')
    await act(() => router.navigate('/late'))
    expect(document.activeElement).toBe(document.body)
    act(() => screen.getByRole('button', { name: 'Load' }).click())
    const heading = await screen.findByRole('heading', { name: 'Late page' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
  })
})
