// Form drafts kept in this tab's storage until they are submitted, so a reload
// (an update accepted in another tab, a crash, a mistaken refresh) never
// empties a form that was being typed (docs/architecture/data-on-the-device.md#form-drafts).
// That storage is this tab's only: each tab keeps its own drafts, gone
// when the tab is closed. A form names its draft with a key that says which
// form and, where it matters, whose and which session's.
//
// The app also asks before it reloads a tab on its own while a form on screen
// has unsaved text (`hasUnsavedText`, read by the service worker's reload).
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { TAB_KEYS, tabStore } from '../storage/browser-storage'

const storageKey = (key: string) => `${TAB_KEYS.draftPrefix}${key}` as const

type DraftValue = string | number | boolean
/** A form's fields: plain values only, so a draft survives JSON. */
type DraftFields<T> = { [K in keyof T]: DraftValue }

/** The forms on screen whose draft has unsaved text, by key. */
const unsaved = new Set<string>()

/** The stored draft for `key`, its fields checked against `blank` (same keys, same types), or null. */
function readDraft<T extends DraftFields<T>>(key: string, blank: T): T | null {
  let stored: unknown
  try {
    const raw = tabStore.get(storageKey(key))
    if (raw === null) return null
    stored = JSON.parse(raw)
  } catch {
    return null
  }
  if (!stored || typeof stored !== 'object') return null
  const restored = { ...blank }
  for (const name of Object.keys(blank) as (keyof T)[]) {
    const value = (stored as Partial<T>)[name]
    if (typeof value === typeof blank[name]) restored[name] = value as T[keyof T]
  }
  return restored
}

/** Storage full or disabled: the form still works, only without the safety net. */
function writeDraft(key: string, draft: object | null): void {
  tabStore.set(storageKey(key), draft && JSON.stringify(draft))
}

function sameFields<T extends DraftFields<T>>(a: T, b: T): boolean {
  return (Object.keys(a) as (keyof T)[]).every((name) => a[name] === b[name])
}

export interface FormDraftOptions<T extends DraftFields<T>> {
  /** Whether the draft holds something the user would lose; by default, any field differing from the blank form. */
  hasText?: (draft: T) => boolean
}

export interface FormDraft<T extends DraftFields<T>> {
  draft: T
  /** The draft as it is now, also from a callback that outlived its render. */
  latest(): T
  /** Changes fields; the draft is stored at once. */
  edit(change: Partial<T>): void
  /** After a successful submit: a blank form, and nothing stored. */
  clear(): void
}

/**
 * A form's fields, restored from session storage under `key` and stored on
 * every change. `blank` makes an empty form; it is called once per draft.
 */
export function useFormDraft<T extends DraftFields<T>>(
  key: string,
  blank: () => T,
  options: FormDraftOptions<T> = {},
): FormDraft<T> {
  const [state, setState] = useState(() => {
    const empty = blank()
    return { key, empty, draft: readDraft(key, empty) ?? empty }
  })
  // Another key (another user or session) is another draft.
  let current = state
  if (state.key !== key) {
    const empty = blank()
    current = { key, empty, draft: readDraft(key, empty) ?? empty }
    setState(current)
  }
  const hasText = options.hasText ?? ((draft: T) => !sameFields(draft, current.empty))
  const withText = hasText(current.draft)

  useEffect(() => {
    if (!withText) return
    unsaved.add(key)
    return () => {
      unsaved.delete(key)
    }
  }, [key, withText])

  // The latest state for edits made before the next render (several fields in one event).
  const latest = useRef(current)
  useLayoutEffect(() => {
    latest.current = current
  })

  return {
    draft: current.draft,
    latest: () => latest.current.draft,
    edit(change) {
      const { key: k, empty, draft } = latest.current
      const next = { ...draft, ...change }
      latest.current = { key: k, empty, draft: next }
      writeDraft(k, hasText(next) ? next : null)
      setState(latest.current)
    },
    clear() {
      const empty = blank()
      writeDraft(latest.current.key, null)
      latest.current = { key: latest.current.key, empty, draft: empty }
      setState(latest.current)
    },
  }
}

/** Whether a form on screen has text that was not submitted yet. */
export function hasUnsavedText(): boolean {
  return unsaved.size > 0
}

/** Forgets every draft of this tab (logging out: the next person sees nothing of them). */
export function forgetDrafts(): void {
  for (const name of tabStore.keys())
    if (name.startsWith(storageKey(''))) tabStore.set(name as ReturnType<typeof storageKey>, null)
}
