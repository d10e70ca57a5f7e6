// The signed-in user's picture (docs/product.md#screens), with a fallback chain: their
// photoURL (http or https only: it is user-supplied), else an initials image
// from a public initials-avatar service named by displayName, then email,
// then 'U', else, when that image cannot load either (offline), the initials
// drawn here.
import { useState } from 'react'
import type { AuthIdentity } from '../auth-identity'

const INITIALS_AVATAR_SERVICE = 'https://ui-avatars.com/api/'

/** The photo URL to show, or null when it is not an absolute http(s) URL. */
export function httpPhotoUrl(raw: string | null | undefined): string | null {
  if (!raw) return null
  try {
    const url = new URL(raw.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

type Who = Pick<AuthIdentity, 'displayName' | 'email' | 'photoURL'>

/** displayName, then email, then 'U' (docs/product.md#screens). */
export function avatarName(user: Who | null): string {
  return user?.displayName?.trim() || user?.email?.trim() || 'U'
}

function initialsAvatarUrl(name: string): string {
  const url = new URL(INITIALS_AVATAR_SERVICE)
  url.searchParams.set('name', name)
  return url.href
}

/** Up to two letters: the first of the first two words, or of the email's name part. */
export function initialsOf(name: string): string {
  const base = name.includes('@') ? name.slice(0, name.indexOf('@')) : name
  const words = base.split(/[\s._-]+/).filter(Boolean)
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0]?.slice(0, 1) ?? 'U')
  return letters.toUpperCase()
}

/** The images to try, in order. */
export function avatarSources(user: Who | null): string[] {
  const photo = httpPhotoUrl(user?.photoURL)
  const initials = initialsAvatarUrl(avatarName(user))
  return photo ? [photo, initials] : [initials]
}

export function UserAvatar({ user, size = 40 }: { user: Who | null; size?: number }) {
  const sources = avatarSources(user)
  const key = sources.join('\n')
  // Which source failed last, per set of sources: a new user starts again at the top.
  const [failed, setFailed] = useState<{ key: string; count: number }>({ key, count: 0 })
  const index = failed.key === key ? failed.count : 0
  const src = sources[index]
  const style = { width: size, height: size }
  if (!src) {
    return (
      <span
        data-avatar="initials"
        aria-hidden="true"
        style={style}
        className="inline-flex items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
      >
        {initialsOf(avatarName(user))}
      </span>
    )
  }
  return (
    <img
      data-avatar={index === 0 && sources.length > 1 ? 'photo' : 'service'}
      src={src}
      alt=""
      width={size}
      height={size}
      style={style}
      referrerPolicy="no-referrer"
      className="rounded-full bg-muted-strong object-cover"
      onError={() => setFailed({ key, count: index + 1 })}
    />
  )
}
