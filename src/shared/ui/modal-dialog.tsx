// A modal dialog without a library: rendered into document.body, labelled by
// its title, focus moved in on open and back to where it was on close, Tab
// kept inside, Escape and Back close it (./overlay-history.ts), and the rest
// of the page made inert so screen readers and pointers cannot reach it while
// the dialog is open. With the app's motion loaded it grows in (and, where
// its owner lets it leave, ./feedback.tsx, fades out: DialogOpenContext).
import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { Animated } from './animated'
import { followOut, useBackToClose } from './overlay-history'
import { loadedMotionKit } from './use-motion-kit'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** How many dialogs are open: the page stays inert until the last one closes. */
let openCount = 0
const madeInert = new Set<Element>()

function setBackgroundInert(host: HTMLElement, on: boolean): void {
  if (on) {
    for (const el of Array.from(document.body.children)) {
      if (el === host || el.contains(host) || el.hasAttribute('inert') || el.hasAttribute('data-dialog-host')) continue
      el.setAttribute('inert', '')
      madeInert.add(el)
    }
  } else {
    for (const el of madeInert) el.removeAttribute('inert')
    madeInert.clear()
  }
}

/**
 * False while a dialog is leaving: its exit animation still runs, but the
 * page is the user's again (focus, Back, the inert page).
 */
export const DialogOpenContext = createContext(true)

/** What a link inside a dialog calls as it is followed with `replace` (./overlay-history.ts). */
const LeaveContext = createContext<() => void>(() => undefined)

/**
 * For a link inside a dialog: closes it and lets the new page take its
 * history entry (the link navigates with `replace`); a link to this very
 * page only closes it.
 */
export function useFollowFromDialog(close: () => void): (event: React.MouseEvent, to: string) => void {
  const leave = useContext(LeaveContext)
  return (event, to) => followOut(event, to, leave, close)
}

export interface ModalDialogProps {
  title: ReactNode
  /** Optional text under the title, announced as the dialog's description. */
  description?: ReactNode
  /** Escape, Back, or anything else that dismisses without a choice. */
  onDismiss: () => void
  /** The element to focus first; else the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>
  children?: ReactNode
  /** Decorative content shown above the title (an icon). */
  icon?: ReactNode
  role?: 'dialog' | 'alertdialog'
  /**
   * 'viewer': a document viewer, the whole screen on a phone and a wide panel
   * above it, with a bar holding the title and `titleActions` at the top.
   * 'sheet': rises from the bottom edge; a tap beside it dismisses it.
   */
  layout?: 'center' | 'viewer' | 'sheet'
  /** Beside the title in the viewer's bar (its Close button). */
  titleActions?: ReactNode
}

const PANEL = {
  center: 'max-h-[90dvh] w-full max-w-md overflow-y-auto rounded-lg p-6 text-center',
  viewer:
    'flex h-dvh w-full flex-col overflow-hidden md:h-auto md:max-h-[90dvh] md:max-w-4xl md:rounded-lg md:p-6 md:pt-4',
  sheet:
    'max-h-[85dvh] w-full max-w-lg overflow-y-auto rounded-t-2xl px-4 pt-5 pb-[max(1rem,env(safe-area-inset-bottom))] text-left',
} as const

const SCRIM = {
  center: 'fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4',
  viewer: 'fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 md:p-4',
  sheet: 'fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50',
} as const

export function ModalDialog({
  title,
  description,
  onDismiss,
  initialFocusRef,
  children,
  icon,
  role = 'dialog',
  layout = 'center',
  titleActions,
}: ModalDialogProps) {
  const titleId = useId()
  const descriptionId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const open = useContext(DialogOpenContext)
  // Decided once: a dialog does not change shape when the motion arrives while it is open.
  const [kit] = useState(loadedMotionKit)
  const [host] = useState(() => {
    const el = document.createElement('div')
    el.setAttribute('data-dialog-host', '')
    return el
  })
  const dismissRef = useRef(onDismiss)
  useEffect(() => {
    dismissRef.current = onDismiss
  })
  const leave = useBackToClose(open, () => dismissRef.current())

  useEffect(() => {
    document.body.appendChild(host)
    return () => host.remove()
  }, [host])

  useEffect(() => {
    if (!open) {
      // Leaving: nothing in it can be reached while it fades, nor read out (a
      // screen reader, or a test finding the next dialog of the same name).
      host.setAttribute('inert', '')
      host.setAttribute('aria-hidden', 'true')
      return
    }
    const previouslyFocused = document.activeElement as HTMLElement | null
    openCount += 1
    setBackgroundInert(host, true)
    const target =
      initialFocusRef?.current ?? panelRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panelRef.current
    // Focus without scrolling: a long dialog opens at its top, its title in view.
    target?.focus({ preventScroll: true })
    return () => {
      openCount -= 1
      if (openCount === 0) setBackgroundInert(host, false)
      // Back to the control that opened the dialog, if it is still there.
      if (previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus({ preventScroll: true })
    }
    // The dialog is set up once per opening; later prop changes do not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  function onKeyDown(event: React.KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      dismissRef.current()
      return
    }
    if (event.key !== 'Tab' || !panelRef.current) return
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    if (items.length === 0) {
      event.preventDefault()
      return
    }
    const first = items[0]!
    const last = items[items.length - 1]!
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  const heading = (
    <h2 id={titleId} className="text-xl font-bold text-ink">
      {title}
    </h2>
  )
  const content = (
    <Animated
      kit={kit}
      preset="FADE"
      className={SCRIM[layout]}
      onClick={
        layout === 'sheet'
          ? (event) => {
              if (event.target === event.currentTarget) dismissRef.current()
            }
          : undefined
      }
    >
      <Animated
        kit={kit}
        preset={layout === 'sheet' ? 'SHEET' : 'POP'}
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`${PANEL[layout]} bg-surface shadow-xl focus:outline-none`}
      >
        {layout === 'viewer' ? (
          <div className="flex shrink-0 items-center gap-3 border-b border-line px-4 py-2 md:border-none md:px-0 md:py-0">
            <div className="min-w-0 flex-1 [&>h2]:text-lg [&>h2]:leading-snug [&>h2]:break-words md:[&>h2]:text-xl">
              {heading}
            </div>
            {titleActions}
          </div>
        ) : (
          <>
            {icon}
            {heading}
          </>
        )}
        {description ? (
          <div
            id={descriptionId}
            className={layout === 'viewer' ? 'shrink-0 px-4 pt-2 text-ink-muted md:px-0' : 'mt-2 text-ink-muted'}
          >
            {description}
          </div>
        ) : null}
        {children}
      </Animated>
    </Animated>
  )
  const provided = <LeaveContext.Provider value={leave}>{content}</LeaveContext.Provider>
  return createPortal(kit ? <kit.MotionScope>{provided}</kit.MotionScope> : provided, host)
}
