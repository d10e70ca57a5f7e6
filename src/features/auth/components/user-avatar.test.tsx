import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { avatarName, avatarSources, httpPhotoUrl, initialsOf, UserAvatar } from './user-avatar'

const user = (over: Partial<{ displayName: string | null; email: string | null; photoURL: string | null }>) => ({
  displayName: null,
  email: null,
  photoURL: null,
  ...over,
})

function avatarOf(container: HTMLElement) {
  return container.querySelector('[data-avatar]')!
}

describe('avatar name and sources', () => {
  it('names the initials image by displayName, then email, then U', () => {
    expect(avatarName(user({ displayName: 'Ada Lovelace', email: 'ada@example.com' }))).toBe('Ada Lovelace')
    expect(avatarName(user({ displayName: '  ', email: 'ada@example.com' }))).toBe('ada@example.com')
    expect(avatarName(user({}))).toBe('U')
    expect(avatarName(null)).toBe('U')
  })

  it('uses the public initials service with a name query parameter', () => {
    const [src] = avatarSources(user({ displayName: 'Ada Lovelace' }))
    const url = new URL(src!)
    expect(url.origin).toBe('https://ui-avatars.com')
    expect(url.searchParams.get('name')).toBe('Ada Lovelace')
  })

  it('accepts only http(s) photo URLs', () => {
    expect(httpPhotoUrl('https://img.example/a.png')).toBe('https://img.example/a.png')
    expect(httpPhotoUrl('http://img.example/a.png')).toBe('http://img.example/a.png')
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/relative.png', 'ftp://x/y', '', null]) {
      expect(httpPhotoUrl(bad)).toBeNull()
    }
    expect(avatarSources(user({ photoURL: 'data:image/svg+xml,<svg/>', email: 'e@x.io' }))).toHaveLength(1)
  })

  it('draws up to two initials', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL')
    expect(initialsOf('ada.lovelace@example.com')).toBe('AL')
    expect(initialsOf('U')).toBe('U')
  })
})

describe('<UserAvatar> fallback chain', () => {
  it('photo, then the initials image when the photo fails, then local initials when that fails too', () => {
    const { container } = render(
      <UserAvatar user={user({ displayName: 'Ada Lovelace', photoURL: 'https://img.example/ada.png' })} />,
    )
    let img = avatarOf(container) as HTMLImageElement
    expect(img.dataset.avatar).toBe('photo')
    expect(img.src).toBe('https://img.example/ada.png')

    fireEvent.error(img)
    img = avatarOf(container) as HTMLImageElement
    expect(img.dataset.avatar).toBe('service')
    expect(new URL(img.src).searchParams.get('name')).toBe('Ada Lovelace')

    fireEvent.error(img)
    const drawn = avatarOf(container)
    expect(drawn.tagName).toBe('SPAN')
    expect(drawn).toHaveProperty('textContent', 'AL')
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('without a photo starts at the initials image named by email', () => {
    const { container } = render(<UserAvatar user={user({ email: 'sam@example.com' })} />)
    const img = avatarOf(container) as HTMLImageElement
    expect(img.dataset.avatar).toBe('service')
    expect(new URL(img.src).searchParams.get('name')).toBe('sam@example.com')
    fireEvent.error(img)
    expect(avatarOf(container).textContent).toBe('S')
  })

  it('starts the chain again for a different user', () => {
    const { container, rerender } = render(<UserAvatar user={user({ email: 'a@example.com' })} />)
    fireEvent.error(avatarOf(container))
    expect(avatarOf(container).tagName).toBe('SPAN')
    rerender(<UserAvatar user={user({ email: 'b@example.com' })} />)
    expect(avatarOf(container).tagName).toBe('IMG')
  })
})
