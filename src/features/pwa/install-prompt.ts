// Keeps the browser's install offer (`beforeinstallprompt`) for the install
// banner. The listener is added when this module loads, with the layout, so
// an offer made before React renders is not missed. Browsers that never fire
// the event (Safari, Firefox) never show the banner.
//
// The banner waits for the visitor's first tap, key or scroll: an offer to
// install is for someone using the page, not what a first look should meet,
// and a banner that came with the load was the largest text painted on
// /study-sessions, so the page's Largest Contentful Paint waited for it
// (docs/performance.md#the-install-offer-after-the-first-interaction).
import { createStore, useStore } from '#shared/store/create-store'
import { requestPersistentStorage } from '#shared/db/storage-persistence'
import { onFirstInteraction } from '#shared/scheduling/on-first-interaction'

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

const offer = createStore<BeforeInstallPromptEvent | null>(null)
const engaged = createStore(false)

if (typeof window !== 'undefined') {
  onFirstInteraction(() => engaged.set(true))
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

/** Whether to show the offer: the browser made one, and the visitor has used the page. */
export function useInstallOffered(): boolean {
  const offered = useStore(offer) !== null
  return useStore(engaged) && offered
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
