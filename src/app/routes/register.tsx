// /register (docs/product.md#screens, #validation, #messages): name, optional photo URL (http or https only:
// it becomes the avatar other code renders), email and password. The password
// rule is the identity provider's: at least 6 characters.
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useAuthActions } from '#features/auth/auth-provider'
import { AuthForm, AuthScreen, EmailField, useAuthAttempt } from '#features/auth/components/auth-screen'
import { httpPhotoUrl } from '#features/auth/components/user-avatar'
import { PasswordField, TextField } from '#shared/ui/text-field'

export const PHOTO_URL_MESSAGE = 'Enter a web address starting with http:// or https://, or leave it empty.'

export function Component() {
  const { signUp } = useAuthActions()
  const { busy, attempt, linkTo } = useAuthAttempt('Account created successfully')
  const [name, setName] = useState('')
  const [photo, setPhoto] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [photoError, setPhotoError] = useState<string | null>(null)

  function submit() {
    void attempt(() => {
      const photoURL = photo.trim() ? httpPhotoUrl(photo) : undefined
      if (photoURL === null) {
        setPhotoError(PHOTO_URL_MESSAGE)
        return undefined
      }
      setPhotoError(null)
      return signUp({ name: name.trim(), email: email.trim(), password, ...(photoURL ? { photoURL } : {}) })
    })
  }

  return (
    <AuthScreen title="Register">
      <AuthForm busy={busy} label="Register" busyLabel="Creating account…" onSubmit={submit}>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Photo URL"
          type="url"
          name="photo"
          autoComplete="photo"
          inputMode="url"
          placeholder="https://…"
          value={photo}
          error={photoError}
          onChange={(e) => setPhoto(e.target.value)}
        />
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField
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
