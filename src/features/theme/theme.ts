// The app's side of the theme: the theme script inline in index.html owns applying it (before
// the first paint, and again on every system or storage change); the app only
// reads the applied theme and writes a new choice.
import { useSyncExternalStore } from 'react'
import { announceLocalChange, LOCAL_KEYS, localStore } from '#shared/storage/browser-storage'

type Theme = 'light' | 'dark'

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
  // Storage may refuse (private mode): the theme still changes for this page.
  localStore.set(LOCAL_KEYS.theme, theme === system ? null : theme)
  // The theme script applies on storage events; this page does not get its own.
  announceLocalChange(LOCAL_KEYS.theme)
}
