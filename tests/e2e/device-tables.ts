// What the app keeps on the device, read from the page: the app database's
// tables (src/shared/db/app-db.ts), which its queries write once the page is
// idle, so a test waits for them before it goes offline.
import type { Page } from '@playwright/test'

/** How many rows a table of the app database holds (0 before the database or the table exists). */
export function deviceRowCount(page: Page, table: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const request = indexedDB.open('studyhub')
        request.onerror = () => resolve(0)
        request.onsuccess = () => {
          const db = request.result
          if (!db.objectStoreNames.contains(name)) {
            db.close()
            resolve(0)
            return
          }
          const count = db.transaction(name).objectStore(name).count()
          count.onsuccess = () => {
            db.close()
            resolve(count.result)
          }
        }
      }),
    table,
  )
}
