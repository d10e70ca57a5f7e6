// The demo build's stand-in for Google's account chooser: a modal dialog
// listing the demo server's Google accounts plus "Use another account". It
// renders into a React root of its own because the demo gateway, not a
// screen, asks for it; closing it counts as closing Google's popup.
import { useRef, useState, type FormEvent } from 'react'
import { createRoot } from 'react-dom/client'
import type { DemoGoogleAccounts } from '#contract/demo-identity'
import { ModalDialog } from '#shared/ui/modal-dialog'

type Account = DemoGoogleAccounts['accounts'][number]
export interface GoogleChoice {
  email: string
  displayName?: string
  photoURL?: string
}

const FIELD = 'mt-1 w-full rounded border border-line-strong px-3 py-2 text-ink focus:border-accent focus:outline-none'

function GoogleAccountPicker({
  accounts,
  onDone,
}: {
  accounts: Account[]
  onDone: (choice: GoogleChoice | null) => void
}) {
  const [other, setOther] = useState(accounts.length === 0)
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const firstRef = useRef<HTMLButtonElement>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = email.trim()
    if (!trimmed) return
    onDone({ email: trimmed, ...(name.trim() ? { displayName: name.trim() } : {}) })
  }

  return (
    <ModalDialog
      title="Choose an account"
      description="to continue to StudyHub (demo Google sign-in)"
      onDismiss={() => onDone(null)}
      initialFocusRef={firstRef}
    >
      {!other ? (
        <ul className="mt-4 space-y-2 text-left">
          {accounts.map((account, index) => (
            <li key={account.email}>
              <button
                ref={index === 0 ? firstRef : undefined}
                type="button"
                className="w-full rounded border border-line px-4 py-3 text-left hover:bg-muted"
                onClick={() =>
                  onDone({
                    email: account.email,
                    ...(account.displayName ? { displayName: account.displayName } : {}),
                    ...(account.photoURL ? { photoURL: account.photoURL } : {}),
                  })
                }
              >
                <span className="block font-semibold text-ink">{account.displayName ?? account.email}</span>
                <span className="block text-sm text-ink-muted">{account.email}</span>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="w-full rounded border border-line px-4 py-3 text-left font-semibold text-accent hover:bg-muted"
              onClick={() => setOther(true)}
            >
              Use another account
            </button>
          </li>
        </ul>
      ) : (
        <form className="mt-4 space-y-3 text-left" onSubmit={submit}>
          <label className="block text-sm font-medium text-ink">
            Email
            <input
              className={FIELD}
              type="email"
              name="email"
              autoComplete="email"
              required
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <label className="block text-sm font-medium text-ink">
            Name
            <input
              className={FIELD}
              type="text"
              name="name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" className="w-full rounded bg-brand-700 px-4 py-2 font-semibold text-white">
            Continue
          </button>
        </form>
      )}
      <button type="button" className="mt-4 text-sm font-medium text-ink-muted underline" onClick={() => onDone(null)}>
        Cancel
      </button>
    </ModalDialog>
  )
}

/** Shows the chooser; resolves with the choice, or null when it is closed. */
export function chooseGoogleAccount(accounts: Account[]): Promise<GoogleChoice | null> {
  return new Promise((resolve) => {
    const container = document.createElement('div')
    document.body.appendChild(container)
    const root = createRoot(container)
    let settled = false
    const done = (choice: GoogleChoice | null) => {
      if (settled) return
      settled = true
      // Unmount after this event has finished, so focus returns cleanly.
      setTimeout(() => {
        root.unmount()
        container.remove()
      })
      resolve(choice)
    }
    root.render(<GoogleAccountPicker accounts={accounts} onDone={done} />)
  })
}
