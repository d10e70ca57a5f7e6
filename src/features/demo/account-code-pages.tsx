// The demo identity provider's mailed links land here (demo builds only): a
// password reset's page, where the user chooses a new password, and an email
// verification's. Each link carries a one-time code (?code=) that expires; the
// demo provider checks it (mocks/demo-idp.ts). A live build has Firebase's
// own pages for these links.
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import {
  DEMO_IDP_BASE,
  DEMO_PASSWORD_MIN_LENGTH,
  demoIdpPaths,
  type DemoCodeAnswer,
  type DemoCodeBody,
  type DemoResetPasswordBody,
} from '#contract/demo-identity'
import { errorMessage } from '#shared/api/api-error'
import { queryKeys } from '#shared/api/query-keys'
import { errorIdOf } from '#shared/ui/field-problems'
import { ListState } from '#shared/ui/list-state'
import { PasswordField } from '#shared/ui/text-field'
import { PRIMARY_BUTTON } from '#shared/ui/ui-classes'
import { demoServerCall } from './demo-server-call'

const idp = <T,>(path: string, body: DemoCodeBody | DemoResetPasswordBody) =>
  demoServerCall<T>(`${DEMO_IDP_BASE}${path}`, body)

const NO_CODE = 'This link is not complete: open it from the mail again.'

const signInLink = (
  <Link to="/login" className="tap inline-flex items-center font-semibold text-accent underline">
    Log in
  </Link>
)

/** /demo/reset-password?code=…: whose password, then a new one. */
export function ResetPassword() {
  const code = useSearchParams()[0].get('code') ?? ''
  const account = useQuery({
    queryKey: queryKeys.mailbox.code(code),
    queryFn: () => idp<DemoCodeAnswer>(demoIdpPaths.checkResetCode, { code }),
    enabled: code !== '',
    retry: false,
    staleTime: Infinity,
  })
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const reset = useMutation({
    mutationFn: (body: DemoResetPasswordBody) => idp<DemoCodeAnswer>(demoIdpPaths.resetPassword, body),
  })
  const passwordId = useId()

  if (!code) return <ListState kind="error">{NO_CODE}</ListState>
  if (reset.isSuccess)
    return (
      <div role="status">
        <p className="text-ink">The password of {reset.data.email} is changed. Log in with it now.</p>
        <p className="mt-3">{signInLink}</p>
      </div>
    )
  if (account.isPending) return <ListState kind="loading">Checking the link…</ListState>
  if (account.isError) return <ListState kind="error">{errorMessage(account.error)}</ListState>
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        const tooShort = password.length < DEMO_PASSWORD_MIN_LENGTH
        setProblem(tooShort ? `Password should be at least ${DEMO_PASSWORD_MIN_LENGTH} characters` : undefined)
        if (!tooShort) reset.mutate({ code, password })
      }}
    >
      <p className="text-ink">Choose a new password for {account.data.email}.</p>
      <PasswordField
        id={passwordId}
        label="New password"
        name="new-password"
        autoComplete="new-password"
        required
        value={password}
        problem={problem ? { invalid: true, error: problem, errorId: errorIdOf(passwordId) } : undefined}
        onChange={(event) => setPassword(event.target.value)}
      />
      {reset.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errorMessage(reset.error)}
        </p>
      ) : null}
      <button type="submit" className={PRIMARY_BUTTON} aria-busy={reset.isPending} disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Save the new password'}
      </button>
    </form>
  )
}

/** /demo/verify-email?code=…: following the link is the verification. */
export function VerifyEmail() {
  const code = useSearchParams()[0].get('code') ?? ''
  const verify = useMutation({ mutationFn: () => idp<DemoCodeAnswer>(demoIdpPaths.verifyEmail, { code }) })
  const { mutate } = verify
  // Once, as the provider's page does on opening: a second try of the spent code would only say it is spent.
  const tried = useRef('')
  useEffect(() => {
    if (!code || tried.current === code) return
    tried.current = code
    mutate()
  }, [code, mutate])

  if (!code) return <ListState kind="error">{NO_CODE}</ListState>
  if (verify.isError) return <ListState kind="error">{errorMessage(verify.error)}</ListState>
  if (!verify.isSuccess) return <ListState kind="loading">Verifying your email…</ListState>
  return (
    <div role="status">
      <p className="text-ink">{verify.data.email} is verified.</p>
      <p className="mt-3">{signInLink}</p>
    </div>
  )
}
