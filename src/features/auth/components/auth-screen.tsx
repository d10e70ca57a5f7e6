// The frame, form and email field the login and register screens share, and
// what they do with an attempt's outcome: the success toast and the way back,
// or the 'Error' dialog (docs/product.md#messages).
import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode, type RefObject } from 'react'
import { useLocation, useNavigate, useSearchParams, type Location } from 'react-router-dom'
import { showAlert, showToast } from '#shared/ui/feedback'
import type { FieldState } from '#shared/ui/field-problems'
import { TextField } from '#shared/ui/text-field'
import { TONE } from '#shared/ui/tone-classes'
import { RETURN_PARAM, safeReturnPath } from '../return-path'
import { errorMessage } from '#shared/api/api-error'

export function AuthScreen({
  title,
  notice,
  children,
}: {
  title: string
  /** Why the visitor is here, when a guard sent them (./return-path.ts's signInReason). */
  notice?: string | null
  children: ReactNode
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-lg border border-line bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-ink">{title}</h1>
        {notice ? (
          <p data-testid="sign-in-reason" className={`mt-4 rounded p-3 text-center text-sm font-medium ${TONE.info}`}>
            {notice}
          </p>
        ) : null}
        {children}
      </div>
    </section>
  )
}

function showAuthError(err: unknown): Promise<void> {
  return showAlert({
    title: 'Error',
    text: errorMessage(err, 'Something went wrong. Please try again.'),
    icon: 'error',
  })
}

/**
 * Runs one login or sign-up attempt at a time. `start` may refuse (return
 * undefined) before anything is sent; a failure shows the Error dialog, a
 * success the toast, then the visitor goes back to where a guard stopped them
 * (`backTo`), or `instead` runs when the screen has a step of its own first.
 */
export function useAuthAttempt(successTitle: string) {
  const navigate = useNavigate()
  // The router's location object: a new one for every visit. Its key is no
  // name for a visit: every entry made without the router's own state (a
  // full load, a history.pushState of other code) has the key "default".
  const visit = useLocation()
  const [params] = useSearchParams()
  const from = params.get(RETURN_PARAM)
  // The visit whose attempt is under way. Busy belongs to that visit only:
  // the router may show this same screen again for a new visit while the way
  // out of the last one is still rendering (a link back to /login, say), and
  // that visit starts with the buttons free.
  const [busyVisit, setBusyVisit] = useState<Location | null>(null)
  const busy = busyVisit === visit
  // Buttons stay enabled while busy (aria-disabled): a disabled button drops
  // focus, and the Error dialog must give focus back to the button pressed.
  const busyRef = useRef<Location | null>(null)
  const setWorking = (on: boolean) => {
    busyRef.current = on ? visit : null
    setBusyVisit(busyRef.current)
  }

  async function attempt(start: () => Promise<void> | undefined, instead?: () => void) {
    if (busyRef.current === visit) return
    const work = start()
    if (!work) return
    setWorking(true)
    try {
      await work
    } catch (err) {
      setWorking(false)
      await showAuthError(err)
      return
    }
    showToast({ title: successTitle, icon: 'success' })
    if (instead) {
      setWorking(false)
      instead()
      return
    }
    navigate(backTo, { replace: true })
  }
  const backTo = safeReturnPath(from)

  /** The link to the other auth screen, keeping where to go back to. */
  const linkTo = (path: '/login' | '/register') =>
    from ? `${path}?${new URLSearchParams({ [RETURN_PARAM]: from }).toString()}` : path

  return { busy, attempt, linkTo, from, backTo }
}

/**
 * One request to the identity provider at a time that is not a sign-in (a mail
 * to send): `busy` while it runs, the Error dialog when it is refused; `run`
 * answers whether it was done.
 */
export function useProviderRequest() {
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)
  async function run(work: () => Promise<void>): Promise<boolean> {
    if (busyRef.current) return false
    busyRef.current = true
    setBusy(true)
    try {
      await work()
      return true
    } catch (err) {
      await showAuthError(err)
      return false
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }
  return { busy, run }
}

const PRIMARY_BUTTON =
  'w-full rounded bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-900 aria-disabled:cursor-not-allowed aria-disabled:opacity-70'

/**
 * The fields and the submit button, which names what is under way while busy. The form checks its fields itself
 * (noValidate: the browser's bubbles would say it in other words, and out of the page's order).
 */
export function AuthForm({
  busy,
  label,
  busyLabel,
  onSubmit,
  formRef,
  children,
}: {
  busy: boolean
  label: string
  busyLabel: string
  onSubmit: () => void
  formRef?: RefObject<HTMLFormElement | null>
  children: ReactNode
}) {
  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form ref={formRef} noValidate className="mt-6 space-y-4" onSubmit={submit} aria-busy={busy}>
      {children}
      <button type="submit" className={PRIMARY_BUTTON} aria-disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </form>
  )
}

export function EmailField({
  id,
  value,
  onChange,
  problem,
}: {
  id: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  problem?: FieldState
}) {
  return (
    <TextField
      id={id}
      problem={problem}
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={onChange}
    />
  )
}

export function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.6c0-1.6-.1-3.1-.4-4.6H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  )
}
