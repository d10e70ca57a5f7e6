// What the register screen shows once an account is made with a password:
// the email is not verified yet, and one button has the identity provider mail
// a link that verifies it ("Resend" once sent). A verified email is what lets
// an admin make the account a tutor. Continuing needs none of it.
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { useAuthActions } from '../auth-provider'
import { useProviderRequest } from './auth-screen'

export function VerifyEmailNotice({ email, continueTo }: { email: string; continueTo: string }) {
  const { sendEmailVerification } = useAuthActions()
  const { busy, run } = useProviderRequest()
  const [sent, setSent] = useState(false)
  const heading = useRef<HTMLParagraphElement>(null)
  // The form it replaces had the focus: it moves here, so a screen reader reads what comes next.
  useEffect(() => heading.current?.focus(), [])

  async function send() {
    if (await run(sendEmailVerification)) setSent(true)
  }

  return (
    <div className="mt-6 space-y-4 text-ink">
      <p ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
        Your account is ready. Verify your email, {email}, so we know it is yours.
      </p>
      <p role="status" className="text-sm empty:hidden">
        {sent ? `We sent a link to ${email}. Open it to verify your email.` : ''}
      </p>
      <button
        type="button"
        aria-disabled={busy}
        aria-busy={busy}
        onClick={() => void send()}
        className="w-full rounded bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-900 aria-disabled:opacity-70"
      >
        {sent ? 'Resend' : 'Send verification email'}
      </button>
      <Link
        to={continueTo}
        replace
        className="tap flex w-full items-center justify-center rounded border border-line-strong bg-surface px-4 py-2.5 font-semibold text-ink hover:bg-muted"
      >
        Continue
      </Link>
    </div>
  )
}
