// Registers sw/sw.ts and, in a demo build, opens the API gate once the worker
// controls this page. After a hard reload (Shift+Reload) a page starts
// uncontrolled even with an active worker; it asks the worker to claim it.
//
// Updates: a new worker waits (sw.ts skips waiting only on the first
// install) and the layout shows "A new version is ready". Accepting sends
// SKIP_WAITING; the new worker claims every open tab, and each tab that had
// the old worker reloads on `controllerchange`, so no tab keeps running old
// code against the new worker. A page that had no controller (first install,
// hard reload) is only being claimed and does not reload. A tab whose form
// has unsaved text (src/shared/drafts) asks instead, unless its own user
// pressed Reload; its drafts are in session storage either way.
import { Workbox } from 'workbox-window'
import { TRUSTED_TYPES_POLICY } from '#contract/content-security'
import { openApiGate } from '#shared/api/api-ready'
import { IS_DEMO } from '#shared/config/env'
import { announceUpdate, askToReload, wasUpdateAccepted } from '#features/pwa/update-available'
import { hasUnsavedText } from '#shared/drafts/form-draft'

const SW_URL = import.meta.env.DEV ? '/dev-sw.js?dev-sw' : '/sw.js'

/** How often an open app asks for a new version besides on navigation and when shown again. */
const UPDATE_CHECK_MS = 60 * 60 * 1000

interface ScriptUrlPolicies {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): { createScriptURL(url: string): unknown }
}

/**
 * Under Trusted Types (the demo build's policy) `serviceWorker.register`
 * takes only a TrustedScriptURL: the app's one policy makes one, for the
 * worker's own URL and nothing else.
 */
function trustedWorkerUrl(): string {
  const factory = (globalThis as { trustedTypes?: ScriptUrlPolicies }).trustedTypes
  if (!factory) return SW_URL
  const policy = factory.createPolicy(TRUSTED_TYPES_POLICY, {
    createScriptURL(url) {
      if (url !== SW_URL) throw new TypeError(`Only the service worker's URL may be trusted, not ${url}`)
      return url
    },
  })
  // A TrustedScriptURL, which Workbox hands to register() as it is.
  return policy.createScriptURL(SW_URL) as string
}

function reloadWhenReplaced(): void {
  let controller = navigator.serviceWorker.controller
  let reloading = false
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const previous = controller
    controller = navigator.serviceWorker.controller
    if (!previous || previous === controller || reloading) return
    if (!wasUpdateAccepted() && hasUnsavedText()) {
      askToReload(() => window.location.reload())
      return
    }
    reloading = true
    window.location.reload()
  })
}

export async function registerServiceWorker(): Promise<Workbox> {
  const wb = new Workbox(trustedWorkerUrl(), { scope: '/', type: import.meta.env.DEV ? 'module' : 'classic' })
  if (IS_DEMO) {
    if (navigator.serviceWorker.controller) openApiGate()
    else navigator.serviceWorker.addEventListener('controllerchange', () => openApiGate(), { once: true })
  }
  reloadWhenReplaced()
  // Fired in every tab, also for a worker another tab installed, and on load
  // when a worker was already waiting.
  wb.addEventListener('waiting', () => announceUpdate(() => wb.messageSkipWaiting()))

  const registration = await wb.register()
  if (IS_DEMO && !navigator.serviceWorker.controller && registration?.active) {
    registration.active.postMessage({ type: 'CLAIM' })
  }
  if (registration) {
    const check = () => void registration.update().catch(() => undefined)
    setInterval(check, UPDATE_CHECK_MS)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check()
    })
  }
  return wb
}
