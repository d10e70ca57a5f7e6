// /login (docs/product.md#screens, #validation, #messages): email and password, the Google button, and in a
// demo build the three demo accounts as one-tap choices. After logging in the
// visitor goes back to where a guard stopped them (?from=, checked to stay on
// this origin), else home. "Forgot password?" turns the screen into the form
// that asks for a reset link, and "Back to login" turns it back.
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { DEMO_ACCOUNT_PASSWORD, DEMO_ACCOUNTS } from '#contract/demo-identity'
import { useAuthActions } from '#features/auth/auth-provider'
import { AuthForm, AuthScreen, EmailField, GoogleMark, useAuthAttempt } from '#features/auth/components/auth-screen'
import { ForgotPassword } from '#features/auth/components/forgot-password'
import { credentialProblems, type CredentialField } from '#features/auth/credential-checks'
import { signInReason } from '#features/auth/sign-in-reason'
import { useFieldProblems } from '#shared/ui/field-problems'
import { IS_DEMO } from '#shared/config/env'
import { PasswordField } from '#shared/ui/text-field'

export function Component() {
  const { signIn, signInWithGoogle } = useAuthActions()
  const { busy, attempt, linkTo, from } = useAuthAttempt('Logged in successfully')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const ids = { email: useId(), password: useId() }
  // A login's only fields are the email and the password.
  const { formRef, show, field } = useFieldProblems<CredentialField>((name) =>
    name === 'password' ? ids.password : ids.email,
  )
  const [forgot, setForgot] = useState(false)
  // Back from the reset form, the focus returns to the button that opened it (the form takes it as it opens).
  const forgotButton = useRef<HTMLButtonElement>(null)
  const [back, setBack] = useState(false)
  useEffect(() => {
    if (back) forgotButton.current?.focus()
  }, [back])

  if (forgot)
    return (
      <AuthScreen title="Reset your password">
        <ForgotPassword
          initialEmail={email}
          onBack={() => {
            setForgot(false)
            setBack(true)
          }}
        />
      </AuthScreen>
    )

  return (
    <AuthScreen title="Login" notice={signInReason(from)}>
      <AuthForm
        busy={busy}
        label="Login"
        busyLabel="Logging in…"
        formRef={formRef}
        onSubmit={() =>
          void attempt(() =>
            show(credentialProblems({ email, password })) ? signIn(email.trim(), password) : undefined,
          )
        }
      >
        <EmailField id={ids.email} value={email} onChange={(e) => setEmail(e.target.value)} problem={field('email')} />
        <PasswordField
          id={ids.password}
          problem={field('password')}
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button
          ref={forgotButton}
          type="button"
          onClick={() => {
            setBack(false)
            setForgot(true)
          }}
          className="rounded text-sm font-semibold text-accent underline hover:bg-muted"
        >
          Forgot password?
        </button>
      </AuthForm>

      <div className="my-5 flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <button
        type="button"
        aria-disabled={busy}
        onClick={() => void attempt(signInWithGoogle)}
        className="flex w-full items-center justify-center gap-2 rounded border border-line-strong bg-surface px-4 py-2.5 font-semibold text-ink hover:bg-muted aria-disabled:opacity-70"
      >
        <GoogleMark />
        Continue with Google
      </button>

      {IS_DEMO && (
        <section aria-labelledby="demo-accounts" className="mt-6 rounded border border-warn-ink/40 bg-warn-soft p-4">
          <h2 id="demo-accounts" className="text-base font-bold text-ink">
            Try a demo account
          </h2>
          <p className="mt-1 text-sm text-ink">
            This is a demo: log in with one tap as any role (password {DEMO_ACCOUNT_PASSWORD}).
          </p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-3">
            {DEMO_ACCOUNTS.map((account) => (
              <li key={account.email}>
                <button
                  type="button"
                  aria-disabled={busy}
                  onClick={() => void attempt(() => signIn(account.email, DEMO_ACCOUNT_PASSWORD))}
                  className="w-full rounded border border-line-strong bg-surface px-3 py-2 text-sm font-semibold text-ink capitalize hover:bg-muted aria-disabled:opacity-70"
                >
                  {account.role}
                  <span className="sr-only"> demo account, {account.email}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <p className="mt-6 text-center text-sm text-ink">
        New to StudyHub?{' '}
        <Link to={linkTo('/register')} className="font-semibold text-accent underline">
          Register
        </Link>
      </p>
    </AuthScreen>
  )
}
