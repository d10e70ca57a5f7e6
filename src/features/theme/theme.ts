// The app's side of the theme: the theme script inline in index.html owns applying it (before
// the first paint, and again on every system or storage change); the app only
// reads the applied theme and writes a new choice.
import { useSyncExternalStore } from 'react'

type Theme = 'light' | 'dark'

/** The localStorage key the theme script in index.html reads. */
const THEME_KEY = 'studyhub-theme'

function appliedTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, appliedTheme, () => 'light')
}

/**
 * Remembers a theme and applies it. A choice equal to the system setting is
 * forgotten instead, so the app follows the system again from then on.
 */
export function chooseTheme(theme: Theme): void {
  const system: Theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
  try {
    if (theme === system) localStorage.removeItem(THEME_KEY)
    else localStorage.setItem(THEME_KEY, theme)
  } catch {
    // Storage refused (private mode): the theme still changes for this page.
  }
  // The theme script applies on storage events; this page does not get its own.
  window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY }))
}
