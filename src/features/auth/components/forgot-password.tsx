// "Forgot password?" on the login screen: the email of the account, and the
// identity provider mails a link to choose a new password (a live build:
// Firebase's own mail and page). The answer is the same whether or not an
// account has the email, so the form tells no one which emails have accounts.
// What the provider refuses (offline, too many tries) is the Error dialog.
import { useEffect, useId, useState } from 'react'
import { useFieldProblems } from '#shared/ui/field-problems'
import { useAuthActions } from '../auth-provider'
import { emailProblems } from '../credential-checks'
import { AuthForm, EmailField, useProviderRequest } from './auth-screen'

export const RESET_SENT = 'If an account exists for that email, we sent a link to reset the password.'

export function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { sendPasswordReset } = useAuthActions()
  const [email, setEmail] = useState(initialEmail)
  const { busy, run } = useProviderRequest()
  const [sent, setSent] = useState(false)
  const emailId = useId()
  const { formRef, show, field } = useFieldProblems<'email'>(() => emailId)
  // Opened by a press of "Forgot password?": the email is what to fill in next.
  useEffect(() => document.getElementById(emailId)?.focus(), [emailId])

  async function submit() {
    if (busy || !show(emailProblems(email))) return
    setSent(false)
    if (await run(() => sendPasswordReset(email.trim()))) setSent(true)
  }

  return (
    <>
      <p className="mt-4 text-sm text-ink">
        Enter the email of your account: we send it a link to choose a new password.
      </p>
      <AuthForm
        busy={busy}
        label="Send reset link"
        busyLabel="Sending…"
        formRef={formRef}
        onSubmit={() => void submit()}
      >
        <EmailField id={emailId} value={email} onChange={(e) => setEmail(e.target.value)} problem={field('email')} />
      </AuthForm>
      {/* A live region from the start, so the answer is read out when it comes. */}
      <p role="status" className="mt-4 text-sm font-medium text-ink empty:hidden">
        {sent ? RESET_SENT : ''}
      </p>
      <button
        type="button"
        onClick={onBack}
        className="mt-4 w-full rounded border border-line-strong bg-surface px-4 py-2.5 font-semibold text-ink hover:bg-muted"
      >
        Back to login
      </button>
    </>
  )
}
