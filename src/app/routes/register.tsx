// /register (spec §2, §5, §8): name, optional photo URL (http or https only:
// it becomes the avatar other code renders), email and password. The password
// rule is the identity provider's: at least 6 characters.
import { useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { useAuth } from '../../features/auth/auth-context'
import { AuthScreen, PRIMARY_BUTTON, showAuthError } from '../../features/auth/components/auth-screen'
import { httpPhotoUrl } from '../../features/auth/components/user-avatar'
import { RETURN_PARAM, safeReturnPath } from '../../features/auth/return-path'
import { showToast } from '../../shared/ui/feedback'
import { PasswordField, TextField } from '../../shared/ui/text-field'

export const PHOTO_URL_MESSAGE = 'Enter a web address starting with http:// or https://, or leave it empty.'

export function Component() {
  const { signUp } = useAuth()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const from = params.get(RETURN_PARAM)
  const [name, setName] = useState('')
  const [photo, setPhoto] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [photoError, setPhotoError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Buttons stay enabled while busy (aria-disabled): a disabled button drops
  // focus, and the Error dialog must give focus back to the button pressed.
  const busyRef = useRef(false)
  const setWorking = (on: boolean) => {
    busyRef.current = on
    setBusy(on)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busyRef.current) return
    const photoURL = photo.trim() ? httpPhotoUrl(photo) : undefined
    if (photoURL === null) {
      setPhotoError(PHOTO_URL_MESSAGE)
      return
    }
    setPhotoError(null)
    setWorking(true)
    try {
      await signUp({ name: name.trim(), email: email.trim(), password, ...(photoURL ? { photoURL } : {}) })
    } catch (err) {
      setWorking(false)
      await showAuthError(err)
      return
    }
    showToast({ title: 'Account created successfully', icon: 'success' })
    navigate(safeReturnPath(from), { replace: true })
  }

  const loginLink = from ? `/login?${new URLSearchParams({ [RETURN_PARAM]: from }).toString()}` : '/login'

  return (
    <AuthScreen title="Register">
      <form className="mt-6 space-y-4" onSubmit={(e) => void submit(e)} aria-busy={busy}>
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
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className={PRIMARY_BUTTON} aria-disabled={busy}>
          {busy ? 'Creating account…' : 'Register'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-800">
        Already have an account?{' '}
        <Link to={loginLink} className="font-semibold text-brand-700 underline">
          Login
        </Link>
      </p>
    </AuthScreen>
  )
}
