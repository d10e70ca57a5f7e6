// Toasts and dialogs for the whole app, without an animation library on the
// first load (the app's motion joins once it is loaded: ./use-motion-kit.ts).
// Call showToast / showAlert / confirmDialog from anywhere; <FeedbackHost />
// (mounted once in the root layout) renders them. Success that asks nothing
// of the user is a toast, never a modal: one toast at a time (a new one takes
// the last one's place), in a polite live region that exists before any toast
// does, so screen readers announce each one, above the phone's tab bar, gone
// by itself after its timer, with at most one button (Undo). Dialogs are
// modal and shown one at a time, in the order they were asked for.
import { useRef, useState } from 'react'
import { createStore, useStore } from '../store/create-store'
import { Animated } from './animated'
import { DialogOpenContext, ModalDialog } from './modal-dialog'
import { StatusIcon } from './status-icon'
import { useMotionKit, type MotionKit } from './use-motion-kit'

type ToastPosition = 'top-end' | 'bottom'

export interface ToastOptions {
  title: string
  icon: 'success' | 'error' | 'info'
  /** How long the toast stays, in ms. */
  timer?: number
  /** Where it shows: at the bottom (above the tab bar on a phone) unless said otherwise. */
  position?: ToastPosition
  /** Its one button (Undo); pressing it closes the toast. */
  action?: { label: string; onAction: () => void }
}

export interface AlertOptions {
  title: string
  text?: string
  icon: 'success' | 'error' | 'info' | 'warning'
}

export interface ConfirmOptions {
  title: string
  text?: string
  confirmLabel?: string
  cancelLabel?: string
  /** A destructive action: the button is red and Cancel gets the first focus. */
  danger?: boolean
}

interface ToastItem extends Required<Omit<ToastOptions, 'action'>> {
  id: number
  action?: ToastOptions['action']
}

type DialogItem =
  | ({ id: number; kind: 'alert'; resolve: () => void } & AlertOptions)
  | ({ id: number; kind: 'confirm'; resolve: (ok: boolean) => void } & ConfirmOptions)

interface FeedbackState {
  toast: ToastItem | null
  dialogs: DialogItem[]
}

const DEFAULT_TOAST_MS = 3000

const NOTHING_SHOWN: FeedbackState = { toast: null, dialogs: [] }
const feedback = createStore<FeedbackState>(NOTHING_SHOWN)
let nextId = 1
let toastTimer: ReturnType<typeof setTimeout> | undefined

function dismissToast(id: number): void {
  feedback.set((state) => (state.toast?.id === id ? { ...state, toast: null } : state))
}

export function showToast({ title, icon, timer = DEFAULT_TOAST_MS, position = 'bottom', action }: ToastOptions): void {
  const id = nextId++
  clearTimeout(toastTimer)
  feedback.set((state) => ({ ...state, toast: { id, title, icon, timer, position, action } }))
  toastTimer = setTimeout(() => dismissToast(id), timer)
}

function closeDialog(id: number): void {
  feedback.set((state) => ({ ...state, dialogs: state.dialogs.filter((d) => d.id !== id) }))
}

/** A modal message with an OK button; resolves when it is closed. */
export function showAlert(options: AlertOptions): Promise<void> {
  return new Promise<void>((resolve) => {
    const id = nextId++
    feedback.set((state) => ({ ...state, dialogs: [...state.dialogs, { ...options, id, kind: 'alert', resolve }] }))
  })
}

/** Asks before acting; resolves true for the confirm button, false for Cancel, Escape or Back. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++
    feedback.set((state) => ({ ...state, dialogs: [...state.dialogs, { ...options, id, kind: 'confirm', resolve }] }))
  })
}

/** Tests: forget every toast and dialog. */
export function resetFeedback(): void {
  clearTimeout(toastTimer)
  feedback.set(NOTHING_SHOWN)
}

const BUTTON = 'rounded px-4 py-2 font-semibold focus-visible:outline-offset-2'

function AlertDialog({ dialog }: { dialog: Extract<DialogItem, { kind: 'alert' }> }) {
  const okRef = useRef<HTMLButtonElement>(null)
  const close = () => {
    closeDialog(dialog.id)
    dialog.resolve()
  }
  return (
    <ModalDialog
      role={dialog.icon === 'error' || dialog.icon === 'warning' ? 'alertdialog' : 'dialog'}
      title={dialog.title}
      description={dialog.text}
      icon={<StatusIcon name={dialog.icon} />}
      onDismiss={close}
      initialFocusRef={okRef}
    >
      <div className="mt-6 flex justify-center">
        <button
          ref={okRef}
          type="button"
          onClick={close}
          className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-900`}
        >
          OK
        </button>
      </div>
    </ModalDialog>
  )
}

function ConfirmDialog({ dialog }: { dialog: Extract<DialogItem, { kind: 'confirm' }> }) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const settle = (ok: boolean) => {
    closeDialog(dialog.id)
    dialog.resolve(ok)
  }
  return (
    <ModalDialog
      role="alertdialog"
      title={dialog.title}
      description={dialog.text}
      icon={<StatusIcon name="warning" />}
      onDismiss={() => settle(false)}
      initialFocusRef={dialog.danger ? cancelRef : confirmRef}
    >
      <div className="mt-6 flex justify-center gap-3">
        <button
          ref={cancelRef}
          type="button"
          onClick={() => settle(false)}
          className={`${BUTTON} border border-line-strong bg-surface text-ink hover:bg-muted`}
        >
          {dialog.cancelLabel ?? 'Cancel'}
        </button>
        <button
          ref={confirmRef}
          type="button"
          onClick={() => settle(true)}
          className={`${BUTTON} text-white ${dialog.danger ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-900'}`}
        >
          {dialog.confirmLabel ?? 'OK'}
        </button>
      </div>
    </ModalDialog>
  )
}

function Toast({ toast, kit }: { toast: ToastItem; kit: MotionKit | null }) {
  return (
    <Animated
      kit={kit}
      preset="RISE"
      data-toast={toast.icon}
      className="pointer-events-auto flex max-w-sm items-center gap-3 rounded-lg border border-line bg-surface py-2 ps-4 pe-2 text-ink shadow-lg"
    >
      <StatusIcon name={toast.icon} size="sm" />
      <p className="py-1 pe-2 font-semibold">{toast.title}</p>
      {toast.action ? (
        <button
          type="button"
          className="ms-auto shrink-0 rounded px-3 py-2 font-semibold text-accent hover:bg-muted"
          onClick={() => {
            dismissToast(toast.id)
            toast.action!.onAction()
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
    </Animated>
  )
}

const REGION_PLACE: Record<ToastPosition, string> = {
  'top-end': 'top-20 right-4 items-end',
  // Above the tab bar on a phone (--bottom-bar-space, src/index.css), and above the phone's home indicator.
  bottom:
    'bottom-[calc(var(--bottom-bar-space,env(safe-area-inset-bottom,0px))_+_1rem)] inset-x-4 items-center sm:inset-x-auto sm:left-1/2 sm:-translate-x-1/2',
}

function ToastRegion({
  position,
  toast,
  kit,
}: {
  position: ToastPosition
  toast: ToastItem | null
  kit: MotionKit | null
}) {
  const shown = toast?.position === position ? [toast] : []
  const toasts = shown.map((item) => <Toast key={item.id} toast={item} kit={kit} />)
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={position === 'top-end' ? 'Notifications' : 'Messages'}
      data-toast-region={position}
      className={`pointer-events-none fixed z-[60] flex flex-col gap-2 ${REGION_PLACE[position]}`}
    >
      {kit ? (
        <kit.MotionScope>
          <kit.Presence initial={false}>{toasts}</kit.Presence>
        </kit.MotionScope>
      ) : (
        toasts
      )}
    </div>
  )
}

/**
 * A dialog is open while it is the first in line. One that left still fades
 * out (its last render is kept by the motion's presence), but reads the store
 * itself, so it gives the page back at once.
 */
function DialogSlot({ dialog }: { dialog: DialogItem }) {
  const open = useStore(feedback).dialogs[0]?.id === dialog.id
  return (
    <DialogOpenContext.Provider value={open}>
      {dialog.kind === 'alert' ? <AlertDialog dialog={dialog} /> : <ConfirmDialog dialog={dialog} />}
    </DialogOpenContext.Provider>
  )
}

export function FeedbackHost() {
  // The prerendered home page (and its hydration) shows no toast or dialog.
  const current = useStore(feedback)
  const dialog = current.dialogs[0]
  const loaded = useMotionKit()
  // The dialogs take the motion only between two dialogs: one open stays as it opened.
  const [dialogKit, setDialogKit] = useState<MotionKit | null>(null)
  if (loaded && !dialogKit && !dialog) setDialogKit(loaded)
  const shown = dialog ? [<DialogSlot key={dialog.id} dialog={dialog} />] : []
  return (
    <>
      <ToastRegion position="top-end" toast={current.toast} kit={loaded} />
      <ToastRegion position="bottom" toast={current.toast} kit={loaded} />
      {dialogKit ? <dialogKit.Presence>{shown}</dialogKit.Presence> : shown}
    </>
  )
}
