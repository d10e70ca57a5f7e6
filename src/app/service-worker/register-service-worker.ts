// Registers sw/sw.ts and, in a demo build, opens the API gate once the worker
// controls this page. After a hard reload (Shift+Reload) a page starts
// uncontrolled even with an active worker; it asks the worker to claim it.
import { Workbox } from 'workbox-window'
import { openApiGate } from '../../shared/api/api-ready'
import { IS_DEMO } from '../../shared/config/env'

const SW_URL = import.meta.env.DEV ? '/dev-sw.js?dev-sw' : '/sw.js'

export async function registerServiceWorker(): Promise<Workbox> {
  const wb = new Workbox(SW_URL, { scope: '/', type: import.meta.env.DEV ? 'module' : 'classic' })
  if (IS_DEMO) {
    if (navigator.serviceWorker.controller) openApiGate()
    else navigator.serviceWorker.addEventListener('controllerchange', () => openApiGate(), { once: true })
  }
  const registration = await wb.register()
  if (IS_DEMO && !navigator.serviceWorker.controller && registration?.active) {
    registration.active.postMessage({ type: 'CLAIM' })
  }
  return wb
}
