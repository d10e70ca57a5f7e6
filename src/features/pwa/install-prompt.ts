// Keeps the browser's install offer (`beforeinstallprompt`) for the install
// banner. The listener is added when this module loads, with the layout, so
// an offer made before React renders is not missed. Browsers that never fire
// the event (Safari, Firefox) never show the banner.
import { createStore, useStore } from '#shared/store/create-store'
import { requestPersistentStorage } from '#shared/db/storage-persistence'

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

export const INSTALL_DISMISSED_KEY = 'studyhub-install-dismissed'

const offer = createStore<BeforeInstallPromptEvent | null>(null)

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own button replaces the browser's mini-infobar.
    event.preventDefault()
    offer.set(event as BeforeInstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => {
    offer.set(null)
    // An installed app is where offline data matters most.
    void requestPersistentStorage()
  })
}

export function useInstallOffered(): boolean {
  return useStore(offer) !== null
}

/** Shows the browser's install dialog; the offer can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const current = offer.get()
  if (!current) return 'unavailable'
  offer.set(null)
  await current.prompt()
  const choice = await current.userChoice
  return choice.outcome
}
