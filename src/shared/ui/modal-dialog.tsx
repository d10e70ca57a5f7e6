// A modal dialog without a library: rendered into document.body, labelled by
// its title, focus moved in on open and back to where it was on close, Tab
// kept inside, Escape closes, and the rest of the page made inert so screen
// readers and pointers cannot reach it while the dialog is open.
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'

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

export interface ModalDialogProps {
  title: ReactNode
  /** Optional text under the title, announced as the dialog's description. */
  description?: ReactNode
  /** Escape, or anything else that dismisses without a choice. */
  onDismiss: () => void
  /** The element to focus first; else the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>
  children?: ReactNode
  /** Decorative content shown above the title (an icon). */
  icon?: ReactNode
  role?: 'dialog' | 'alertdialog'
  /** A wider panel, for content such as a document viewer. */
  wide?: boolean
}

export function ModalDialog({
  title,
  description,
  onDismiss,
  initialFocusRef,
  children,
  icon,
  role = 'dialog',
  wide = false,
}: ModalDialogProps) {
  const titleId = useId()
  const descriptionId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const [host] = useState(() => {
    const el = document.createElement('div')
    el.setAttribute('data-dialog-host', '')
    return el
  })
  const dismissRef = useRef(onDismiss)
  useEffect(() => {
    dismissRef.current = onDismiss
  })

  useEffect(() => {
    document.body.appendChild(host)
    const previouslyFocused = document.activeElement as HTMLElement | null
    openCount += 1
    setBackgroundInert(host, true)
    const target =
      initialFocusRef?.current ?? panelRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panelRef.current
    target?.focus()
    return () => {
      openCount -= 1
      if (openCount === 0) setBackgroundInert(host, false)
      host.remove()
      // Back to the control that opened the dialog, if it is still there.
      if (previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus()
    }
    // The dialog is set up once per opening; later prop changes do not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
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

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`max-h-[90dvh] w-full ${wide ? 'max-w-4xl' : 'max-w-md'} overflow-y-auto rounded-lg bg-surface p-6 text-center shadow-xl focus:outline-none`}
      >
        {icon}
        <h2 id={titleId} className="text-xl font-bold text-ink">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="mt-2 text-ink-muted">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </div>,
    host,
  )
}
