// One device, two people, two tabs (demo build): A logs out in one tab and B
// signs in on the other. Every tab drops A's cached answers and the saved
// first-paint copy, so nothing of A's is left in the tab's memory, in
// localStorage or on screen, also after a reload.
import type { BrowserContext, Page } from '@playwright/test'
import { LOCAL_KEYS } from '../../src/shared/storage/browser-storage'
import { answerAvatarService, DEMO_EMAIL, logInAs, submitLogin } from './demo-accounts'
import { expect, test, waitForServiceWorker } from './fixtures'

const A = DEMO_EMAIL.student
const B = DEMO_EMAIL.tutor

/** Every localStorage entry that mentions `email`. */
function entriesMentioning(page: Page, email: string): Promise<string[]> {
  return page.evaluate(
    (email) => Object.keys(localStorage).filter((key) => (localStorage.getItem(key) ?? '').includes(email)),
    email,
  )
}

/**
 * Lets a test read a tab's query cache, from outside the app: React reports
 * every commit to a devtools hook when one is installed before it loads (as
 * the React DevTools extension does), and the QueryClientProvider's fiber
 * holds the client.
 */
async function exposeQueryCaches(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const roots = new Set<unknown>()
    Object.assign(window, {
      __studyhubFiberRoots: roots,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        onCommitFiberRoot: (_id: number, root: unknown) => roots.add(root),
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        checkDCE: () => undefined,
      },
    })
  })
}

/** The keys of the tab's cached answers whose key or data mention `email`. */
function cachedMentioning(page: Page, email: string): Promise<string[]> {
  return page.evaluate((email) => {
    interface Fiber {
      child: Fiber | null
      sibling: Fiber | null
      memoizedProps?: { client?: { getQueryCache(): { getAll(): { queryKey: unknown; state: { data: unknown } }[] } } }
    }
    const roots = (window as unknown as { __studyhubFiberRoots: Set<{ current: Fiber }> }).__studyhubFiberRoots
    const found: string[] = []
    const visit = (fiber: Fiber | null) => {
      for (let f = fiber; f; f = f.sibling) {
        const cache = f.memoizedProps?.client?.getQueryCache?.()
        if (cache) {
          for (const query of cache.getAll()) {
            const key = JSON.stringify(query.queryKey)
            if (`${key} ${JSON.stringify(query.state.data) ?? ''}`.includes(email)) found.push(key)
          }
          return
        }
        visit(f.child)
      }
    }
    for (const root of roots) visit(root.current)
    return [...new Set(found)]
  }, email)
}

test('A logs out in one tab, B signs in on the other: no trace of A, also after a reload', async ({
  page,
  context,
}) => {
  // Two tabs, two sign-ins and two reloads of the built app.
  test.slow()
  await exposeQueryCaches(context)
  // A reads their bookings in tab 1: they are in tab 1's cache.
  await logInAs(page, 'student')
  await page.goto('/dashboard/my-bookings')
  await expect(page.getByTestId('booking-card').first()).toBeVisible()
  // Home by the app's own link (a page load would empty the tab's memory and prove nothing).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click()
  await expect(page.getByTestId('session-card').first()).toBeVisible()
  // The probe sees A's bookings in memory (so its empty answer later means something).
  expect(await cachedMentioning(page, A)).toEqual(expect.arrayContaining([expect.stringMatching(/booking/i)]))

  // A logs out in tab 2.
  const second = await context.newPage()
  await answerAvatarService(second)
  await second.goto('/')
  await waitForServiceWorker(second)
  await second.getByRole('button', { name: 'Account menu' }).click()
  await second.getByRole('button', { name: 'Log out' }).click()
  await expect(second.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()

  // Tab 1 hears of it, and B signs in there.
  const login = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })
  await expect(login).toBeVisible()
  // In the same page, no reload: what tab 1 held in memory must have gone when it heard.
  await login.click()
  await submitLogin(page, 'tutor')
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByText(B)).toBeVisible()
  // Nothing of A's is left in either tab's memory.
  for (const p of [page, second]) expect(await cachedMentioning(p, A)).toEqual([])

  // Both tabs have saved whatever they were going to save (a hidden page flushes at once).
  for (const p of [page, second]) {
    await p.evaluate(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide'))
    })
  }
  expect(await entriesMentioning(page, A)).toEqual([])
  const saved = await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.queryCache)
  if (saved) expect((JSON.parse(saved) as { owner: string | null }).owner).toBe(B)

  for (const p of [page, second]) {
    await p.reload()
    await waitForServiceWorker(p)
    await expect(p.getByRole('button', { name: 'Account menu' })).toBeVisible()
    await expect(p.locator('body')).not.toContainText(A)
    expect(await entriesMentioning(p, A)).toEqual([])
  }
})
