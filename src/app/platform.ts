// Boot work that must not delay the first paint: in a demo build, bringing
// the service worker (and with it the demo server) into control of the page;
// once the page has painted, asking to keep the device's data when the app
// was opened from the home screen; once the visitor uses the page, the
// app's motion (never with the first load).
import { IS_DEMO } from '#shared/config/env'
import { openApiGate } from '#shared/api/api-ready'
import { syncOnlineManager } from '#shared/offline/online-manager'
import { requestPersistentStorage } from '#shared/db/storage-persistence'
import { whenIdle } from '#shared/scheduling/when-idle'
import { onFirstInteraction } from '#shared/scheduling/on-first-interaction'
import { loadMotionKit } from '#shared/ui/use-motion-kit'
import { keepFieldAboveKeyboard } from './layout/keep-field-above-keyboard'

export function startPlatform(): void {
  syncOnlineManager()
  keepFieldAboveKeyboard()
  onFirstInteraction(() => whenIdle(() => void loadMotionKit()))
  whenIdle(() => {
    // Opened from the home screen: the user installed the app, so keep its data.
    if (window.matchMedia?.('(display-mode: standalone)').matches) void requestPersistentStorage()
  })
  if (!IS_DEMO || !('serviceWorker' in navigator)) {
    openApiGate()
    if (!('serviceWorker' in navigator)) return
  }
  void import('./service-worker/register-service-worker').then((m) => m.registerServiceWorker())
}
