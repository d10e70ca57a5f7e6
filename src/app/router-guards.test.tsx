// Every dashboard screen belongs to one role: anyone else who opens it lands on
// the home page, as with the admin screens, instead of a screen the server
// would then refuse.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { resetDemoDb } from '../../mocks/testing/sign-in'
import type { Role } from '#contract/entities'
import { routeTree } from './router'
import { renderApp } from './testing/render-app'

/** Opens `path` as `role` and waits until a screen's main heading is on the page: that screen is where they landed. */
async function landing(path: string, role: Role, heading: string | RegExp): Promise<string> {
  const { router, ...view } = renderApp(routeTree, { url: path, as: role })
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 })
  const where = router.state.location.pathname
  view.unmount()
  return where
}

const HOME = /Unlock Knowledge/
/** A signed-in student's home starts with their day, not the visitors' hero. */
const STUDENT_HOME = /^Welcome, /
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
    expect(await landing(path, 'student', STUDENT_HOME)).toBe('/')
    expect(await landing(path, 'admin', HOME)).toBe('/')
    expect(await landing(path, 'tutor', title)).toBe(path)
  })
})
