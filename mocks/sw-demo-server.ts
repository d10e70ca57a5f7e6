// The demo server as the service worker hosts it
// (docs/decisions/0002-demo-server-in-the-service-worker.md).
// Resolved through the `#demo-server` alias only in a demo build. The data is
// seeded on the first request (once, even when several arrive together; see
// ./server/ready.ts), and every answer waits a realistic latency.
import { getResponse } from 'msw'
import { crossSiteRefusal } from '#core/cross-site-guard'
import { errorResponse } from '#core/http-errors'
import { setLatency, WORKER_LATENCY_MS } from './config'
import { handlers } from './handlers'
import { ensureDemoData } from './server/ready'

setLatency(WORKER_LATENCY_MS)

export const demoServer = {
  async handle(request: Request): Promise<Response | undefined> {
    // The handlers' guard judges again, but only the request the browser
    // handed the worker is sure to still say it is a page navigation (a form
    // another site posted is one).
    const refusal = crossSiteRefusal(request)
    if (refusal) return errorResponse(refusal)
    await ensureDemoData()
    return getResponse(handlers, request, { quiet: true })
  },
}
