// /register (docs/product.md#screens, #validation, #messages): name, optional photo URL (http or https only:
// it becomes the avatar other code renders), email and password. The password
// rule is the identity provider's: at least 6 characters. Once the account is
// made, the screen offers to mail a link that verifies the email, then
// Continue goes where the visitor was going.
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { useAuthActions } from '#features/auth/auth-provider'
import { AuthForm, AuthScreen, EmailField, useAuthAttempt } from '#features/auth/components/auth-screen'
import { VerifyEmailNotice } from '#features/auth/components/verify-email-notice'
import { httpPhotoUrl } from '#features/auth/components/user-avatar'
import { credentialProblems, type CredentialField } from '#features/auth/credential-checks'
import { useFieldProblems } from '#shared/ui/field-problems'
import { PasswordField, TextField } from '#shared/ui/text-field'

export const PHOTO_URL_MESSAGE = 'Enter a web address starting with http:// or https://, or leave it empty.'
const ORDER: CredentialField[] = ['name', 'photo', 'email', 'password']

export function Component() {
  const { signUp } = useAuthActions()
  const { busy, attempt, linkTo, backTo } = useAuthAttempt('Account created successfully')
  // The email of the account just made: the form gives way to the verification notice.
  const [registered, setRegistered] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [photo, setPhoto] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const ids = { name: useId(), photo: useId(), email: useId(), password: useId() }
  const { formRef, show, field } = useFieldProblems<CredentialField>((name) => ids[name])

  function submit() {
    void attempt(
      () => {
        const photoURL = photo.trim() ? httpPhotoUrl(photo) : undefined
        // In the form's order: name, photo, email, password.
        const problems = [
          ...credentialProblems({ name, email, password }, { newAccount: true }),
          ...(photoURL === null ? [{ message: PHOTO_URL_MESSAGE, fields: ['photo' as const] }] : []),
        ].sort((a, b) => ORDER.indexOf(a.fields[0]!) - ORDER.indexOf(b.fields[0]!))
        if (!show(problems)) return undefined
        return signUp({ name: name.trim(), email: email.trim(), password, ...(photoURL ? { photoURL } : {}) })
      },
      () => setRegistered(email.trim()),
    )
  }

  if (registered)
    return (
      <AuthScreen title="Verify your email">
        <VerifyEmailNotice email={registered} continueTo={backTo} />
      </AuthScreen>
    )

  return (
    <AuthScreen title="Register">
      <AuthForm busy={busy} label="Register" busyLabel="Creating account…" onSubmit={submit} formRef={formRef}>
        <TextField
          id={ids.name}
          problem={field('name')}
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          id={ids.photo}
          label="Photo URL"
          type="url"
          name="photo"
          autoComplete="photo"
          inputMode="url"
          placeholder="https://…"
          value={photo}
          problem={field('photo')}
          onChange={(e) => setPhoto(e.target.value)}
        />
        <EmailField id={ids.email} value={email} onChange={(e) => setEmail(e.target.value)} problem={field('email')} />
        <PasswordField
          id={ids.password}
          problem={field('password')}
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </AuthForm>
      <p className="mt-6 text-center text-sm text-ink">
        Already have an account?{' '}
        <Link to={linkTo('/login')} className="font-semibold text-accent underline">
          Login
        </Link>
      </p>
    </AuthScreen>
  )
}
