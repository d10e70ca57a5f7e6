// A mail's unsubscribe link, made the way the server makes it
// (server/core/unsubscribe-tokens.ts) with the demo server's own token
// secret, which its database keeps in the browser. A live server's secret
// never leaves it: live tests reach the page with a link it refuses.
import type { Page } from '@playwright/test'
import { DEMO_ACCOUNT_PASSWORD } from '../../src/contract/demo-identity'
import type { NotificationKind } from '../../src/contract/entities'
import { signUnsubscribeToken } from '../../server/core/unsubscribe-tokens'
import { DEMO_EMAIL, idTokens } from './demo-accounts'

/** The demo server's token secret; signing an ID token first makes it if there is none yet. */
async function demoTokenSecret(page: Page): Promise<string> {
  await idTokens(page, 'signIn', [{ email: DEMO_EMAIL.student, password: DEMO_ACCOUNT_PASSWORD }])
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('studyhub-demo-server')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('meta').objectStore('meta').get('secret')
          read.onerror = () => reject(read.error)
          read.onsuccess = () => {
            open.result.close()
            resolve((read.result as { value: string }).value)
          }
        }
      }),
  )
}

/** The path a mail's "Unsubscribe" link opens, for `email`'s mail of `kind` (the demo build only). */
export async function demoUnsubscribePath(page: Page, email: string, kind: NotificationKind): Promise<string> {
  return `/unsubscribe/${await signUnsubscribeToken(await demoTokenSecret(page), { email, kind })}`
}
