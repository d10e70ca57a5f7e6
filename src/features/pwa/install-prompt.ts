// Keeps the browser's install offer (`beforeinstallprompt`) for the install
// banner. The listener is added when this module loads, with the layout, so
// an offer made before React renders is not missed. Browsers that never fire
// the event (Safari, Firefox) never show the banner.
import { requestPersistentStorage } from '../offline/storage-persistence'

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

export const INSTALL_DISMISSED_KEY = 'studyhub-install-dismissed'

let offer: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own button replaces the browser's mini-infobar.
    event.preventDefault()
    offer = event as BeforeInstallPromptEvent
    emit()
  })
  window.addEventListener('appinstalled', () => {
    offer = null
    emit()
    // An installed app is where offline data matters most.
    void requestPersistentStorage()
  })
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function canInstall(): boolean {
  return offer !== null
}

/** Shows the browser's install dialog; the offer can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const current = offer
  if (!current) return 'unavailable'
  offer = null
  emit()
  await current.prompt()
  const choice = await current.userChoice
  return choice.outcome
}
