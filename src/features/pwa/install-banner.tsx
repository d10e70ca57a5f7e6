// A small banner offering to install StudyHub, shown only while the browser
// has made an install offer and the user has not said "Not now" in this tab.
import { useState } from 'react'
import { TAB_KEYS, tabStore } from '#shared/storage/browser-storage'
import { promptInstall, useInstallOffered } from './install-prompt'

function wasDismissed(): boolean {
  return tabStore.get(TAB_KEYS.installDismissed) === '1'
}

export function InstallBanner() {
  const offered = useInstallOffered()
  const [dismissed, setDismissed] = useState(wasDismissed)
  if (!offered || dismissed) return null

  const notNow = () => {
    // Without storage (private mode) it is hidden for this render only.
    tabStore.set(TAB_KEYS.installDismissed, '1')
    setDismissed(true)
  }

  return (
    <section
      aria-label="Install StudyHub"
      // Over the page's foot, not in its flow: it comes late (the browser offers
      // installation after the load) and must not move what is already read.
      className="fixed inset-x-0 bottom-[var(--bottom-bar-space,0px)] z-40 flex flex-wrap items-center justify-center gap-3 border-t border-line bg-accent-soft px-4 py-2 text-sm text-ink shadow-lg"
    >
      <p>Install StudyHub to open it from your home screen and read saved sessions offline.</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => void promptInstall()}
          className="rounded bg-brand-700 px-3 py-1 font-semibold text-white hover:bg-brand-900"
        >
          Install
        </button>
        <button
          type="button"
          onClick={notNow}
          className="rounded border border-line-strong px-3 py-1 font-semibold text-ink hover:bg-muted"
        >
          Not now
        </button>
      </div>
    </section>
  )
}
