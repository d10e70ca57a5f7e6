// Boot work that must not delay the first paint: in a demo build, bringing
// the service worker (and with it the demo server) into control of the page.
import { IS_DEMO } from '../shared/config/env'
import { openApiGate } from '../shared/api/api-ready'

export function startPlatform(): void {
  if (!IS_DEMO || !('serviceWorker' in navigator)) {
    openApiGate()
    if (!('serviceWorker' in navigator)) return
  }
  void import('./service-worker/register-service-worker').then((m) => m.registerServiceWorker())
}
