// Toasts and dialogs for the whole app, without an animation library (this
// module is on the first load path). Call showToast / showAlert /
// confirmDialog from anywhere; <FeedbackHost /> (mounted once in the root
// layout) renders them. Toasts sit in polite live regions that exist before
// any toast does, so screen readers announce each one; dialogs are modal and
// shown one at a time, in the order they were asked for.
import { useRef } from 'react'
import { createStore, useStore } from '../store/create-store'
import { ModalDialog } from './modal-dialog'
import { StatusIcon } from './status-icon'

type ToastPosition = 'top-end' | 'bottom'

export interface ToastOptions {
  title: string
  icon: 'success' | 'error' | 'info'
  /** How long the toast stays, in ms. */
  timer?: number
  position?: ToastPosition
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

interface ToastItem extends Required<ToastOptions> {
  id: number
}

type DialogItem =
  | ({ id: number; kind: 'alert'; resolve: () => void } & AlertOptions)
  | ({ id: number; kind: 'confirm'; resolve: (ok: boolean) => void } & ConfirmOptions)

interface FeedbackState {
  toasts: ToastItem[]
  dialogs: DialogItem[]
}

const DEFAULT_TOAST_MS = 3000

const NOTHING_SHOWN: FeedbackState = { toasts: [], dialogs: [] }
const feedback = createStore<FeedbackState>(NOTHING_SHOWN)
let nextId = 1

function dismissToast(id: number): void {
  feedback.set((state) => ({ ...state, toasts: state.toasts.filter((t) => t.id !== id) }))
}

export function showToast({ title, icon, timer = DEFAULT_TOAST_MS, position = 'top-end' }: ToastOptions): void {
  const id = nextId++
  feedback.set((state) => ({ ...state, toasts: [...state.toasts, { id, title, icon, timer, position }] }))
  setTimeout(() => dismissToast(id), timer)
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

/** Asks before acting; resolves true for the confirm button, false for Cancel or Escape. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++
    feedback.set((state) => ({ ...state, dialogs: [...state.dialogs, { ...options, id, kind: 'confirm', resolve }] }))
  })
}

/** Tests: forget every toast and dialog. */
export function resetFeedback(): void {
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

function ToastRegion({ position, toasts }: { position: ToastPosition; toasts: ToastItem[] }) {
  const place = position === 'top-end' ? 'top-20 right-4 items-end' : 'bottom-4 left-1/2 -translate-x-1/2 items-center'
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={position === 'top-end' ? 'Notifications' : 'Messages'}
      data-toast-region={position}
      className={`pointer-events-none fixed z-[60] flex flex-col gap-2 ${place}`}
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          data-toast={toast.icon}
          className="pointer-events-auto flex max-w-sm items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-ink shadow-lg"
        >
          <StatusIcon name={toast.icon} size="sm" />
          <p className="font-semibold">{toast.title}</p>
        </div>
      ))}
    </div>
  )
}

export function FeedbackHost() {
  // The prerendered home page (and its hydration) shows no toast or dialog.
  const current = useStore(feedback)
  const dialog = current.dialogs[0]
  return (
    <>
      <ToastRegion position="top-end" toasts={current.toasts.filter((t) => t.position === 'top-end')} />
      <ToastRegion position="bottom" toasts={current.toasts.filter((t) => t.position === 'bottom')} />
      {dialog?.kind === 'alert' && <AlertDialog key={dialog.id} dialog={dialog} />}
      {dialog?.kind === 'confirm' && <ConfirmDialog key={dialog.id} dialog={dialog} />}
    </>
  )
}
