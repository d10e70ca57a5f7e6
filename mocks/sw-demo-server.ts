// The demo server as the service worker hosts it (DEVELOPERS.md decision 2).
// Resolved through the `#demo-server` alias only in a demo build.
import { getResponse } from 'msw'
import { handlers } from './handlers'

export const demoServer = {
  async handle(request: Request): Promise<Response | undefined> {
    return getResponse(handlers, request, { quiet: true })
  },
}
