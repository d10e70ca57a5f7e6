// Every dashboard screen belongs to one role: anyone else who opens it lands on
// the home page, as with the admin screens, instead of a screen the server
// would then refuse.
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { resetDemoDb } from '../../mocks/testing/sign-in'
import { AuthContext, type AppRole } from '../features/auth/auth-context'
import { authAs } from '../features/auth/testing/auth-as'
import { createQueryClient } from './query-client'
import { routeTree } from './router'

/** Opens `path` as `role` and waits until a screen's main heading is on the page: that screen is where they landed. */
async function landing(path: string, role: AppRole, heading: string | RegExp): Promise<string> {
  const router = createMemoryRouter(routeTree, { initialEntries: [path] })
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={authAs(role)}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 })
  const where = router.state.location.pathname
  view.unmount()
  return where
}

const HOME = /Unlock Knowledge/
const STUDENT_SCREENS: [string, string][] = [
  ['/dashboard/student', 'Student Dashboard'],
  ['/dashboard/my-bookings', 'My Bookings'],
  ['/dashboard/create-note', 'Create Notes'],
  ['/dashboard/my-notes', 'My Notes'],
]
const TUTOR_SCREENS: [string, string][] = [
  ['/dashboard/tutor', 'Tutor Dashboard'],
  ['/dashboard/add-session', 'Add Session'],
  ['/dashboard/my-sessions', 'My Sessions'],
  ['/dashboard/tutor-materials', 'Upload Materials'],
]

describe('role guards', () => {
  it.each(STUDENT_SCREENS)('sends a tutor and an admin from %s to /, and lets a student stay', async (path, title) => {
    await resetDemoDb()
    expect(await landing(path, 'tutor', HOME)).toBe('/')
    expect(await landing(path, 'admin', HOME)).toBe('/')
    expect(await landing(path, 'student', title)).toBe(path)
  })

  it.each(TUTOR_SCREENS)('sends a student and an admin from %s to /, and lets a tutor stay', async (path, title) => {
    await resetDemoDb()
    expect(await landing(path, 'student', HOME)).toBe('/')
    expect(await landing(path, 'admin', HOME)).toBe('/')
    expect(await landing(path, 'tutor', title)).toBe(path)
  })
})
