// A page on another origin cannot make the demo server act: forms it posts
// itself to /api/demo/reset and to the demo identity provider's sign-up are
// page navigations, which the worker's demo server refuses
// (server/core/cross-site-guard.ts). The student's note and the accounts are
// as they were. Resetting is the app's own action, behind a confirmation.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEMO_ACCOUNT_PASSWORD, DEMO_IDP_BASE, DEMO_RESET_PATH, demoIdpPaths } from '../../src/contract/demo-identity'
import { NAVIGATION_REFUSED } from '../../server/core/cross-site-guard'
import { APP_HEADERS, callApi, DEMO_EMAIL, logInAs } from './demo-accounts'
import { expect, test } from './fixtures'

// The refused form posts (403), the page icon Chromium asks for on them (404)
// and the intruder's sign-in (400) are logged as failed loads; the pages
// they land on are the API's JSON refusals, not app pages to scan again.
test.use({ allowedConsoleErrors: [/status of 40[034]/], a11yRevisit: false })

const INTRUDER = 'intruder@evil.test'

/** A page that posts one form to the app's origin as soon as it loads. */
function attackPage(action: string, enctype: string, field: string): string {
  // text/plain forms send `name=value`: a name and value that add up to JSON.
  const [name, value] = field ? [field.slice(0, -2), field.slice(-2)] : ['', '']
  return `<!doctype html><html lang="en"><head><title>Win a prize</title></head><body><main>
<form method="post" action="${action}" enctype="${enctype}">
${field ? `<input type="hidden" name='${name}' value='${value}'>` : ''}
</form>
<script>document.forms[0].submit()</script></main></body></html>`
}

let evil: Server
let evilOrigin = ''

test.beforeAll(async ({ baseURL }) => {
  const pages: Record<string, string> = {
    '/reset': attackPage(new URL(DEMO_RESET_PATH, baseURL).href, 'application/x-www-form-urlencoded', ''),
    '/sign-up': attackPage(
      new URL(DEMO_IDP_BASE + demoIdpPaths.signUp, baseURL).href,
      'text/plain',
      JSON.stringify({ email: INTRUDER, password: DEMO_ACCOUNT_PASSWORD, displayName: 'Intruder', x: '' }).slice(
        0,
        -2,
      ) + '"}',
    ),
  }
  evil = createServer((req, res) => {
    const body = pages[req.url ?? '']
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(body ?? '')
  })
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve))
  // localhost against the app's 127.0.0.1: another site altogether.
  evilOrigin = `http://localhost:${(evil.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise<void>((resolve) => evil.close(() => resolve()))
})

test('forms another site posts to the demo server change nothing; reset asks first', async ({ page, baseURL }) => {
  await logInAs(page, 'student')
  const title = `Kept ${Date.now().toString(36)}`
  const created = await callApi(page, '/notes', {
    method: 'POST',
    body: { email: DEMO_EMAIL.student, title, description: 'Must survive another site' },
  })
  expect(created.status).toBe(201)

  const attacker = await page.context().newPage()
  for (const [path, target] of [
    ['/reset', DEMO_RESET_PATH],
    ['/sign-up', DEMO_IDP_BASE + demoIdpPaths.signUp],
  ] as const) {
    const answer = attacker.waitForResponse((r) => r.url() === new URL(target, baseURL).href)
    // Not page.goto: the fixture would scan the page while its form is leaving.
    await attacker.evaluate((url) => location.assign(url), `${evilOrigin}${path}`)
    expect((await answer).status()).toBe(403)
    await expect(attacker.locator('body')).toContainText(NAVIGATION_REFUSED)
  }
  await attacker.close()

  const notes = await callApi<{ title: string }[]>(page, `/notes/student/${DEMO_EMAIL.student}`)
  expect(notes.body.map((n) => n.title)).toContain(title)
  const intruder = await page.evaluate(
    async ({ url, email, password, appHeaders }) =>
      (
        await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...appHeaders },
          body: JSON.stringify({ email, password }),
        })
      ).status,
    {
      url: DEMO_IDP_BASE + demoIdpPaths.signIn,
      email: INTRUDER,
      password: DEMO_ACCOUNT_PASSWORD,
      appHeaders: APP_HEADERS,
    },
  )
  expect(intruder, 'no account was made by the other site').not.toBe(200)

  // The app's own reset is a confirmed action: cancelling keeps everything.
  await page.goto('/')
  await page.getByRole('button', { name: 'Reset demo data' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Reset the demo data?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  const after = await callApi<{ title: string }[]>(page, `/notes/student/${DEMO_EMAIL.student}`)
  expect(after.body.map((n) => n.title)).toContain(title)
})
