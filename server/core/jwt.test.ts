// @vitest-environment node
// App tokens: signed with the store's secret, refused when expired, tampered,
// signed with another secret, or of another kind (a demo ID token is never an app token).
import { describe, expect, it } from 'vitest'
import { APP_TOKEN, newSecret, signJwt, verifyJwt } from './jwt'

const now = 1_800_000_000
const subject = { sub: 'user-1', email: 'sam@example.com' }

describe('app tokens', () => {
  it('verify until they expire, and not a second after', async () => {
    const secret = newSecret()
    const token = await signJwt(secret, APP_TOKEN, subject, 900, now)
    expect(await verifyJwt(secret, APP_TOKEN, token, now + 899)).toMatchObject({ ...subject, exp: now + 900 })
    expect(await verifyJwt(secret, APP_TOKEN, token, now + 900)).toBeNull()
  })

  it('are refused when tampered, signed with another secret, or of another kind', async () => {
    const secret = newSecret()
    const token = await signJwt(secret, APP_TOKEN, subject, 900, now)
    const [head, , signature] = token.split('.')
    const forged = btoa(
      JSON.stringify({ ...APP_TOKEN, sub: 'admin', email: 'sam@example.com', iat: now, exp: now + 900 }),
    )
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
    expect(await verifyJwt(secret, APP_TOKEN, `${head}.${forged}.${signature}`, now)).toBeNull()
    expect(await verifyJwt(newSecret(), APP_TOKEN, token, now)).toBeNull()
    expect(await verifyJwt(secret, { iss: 'studyhub-demo-idp', aud: 'studyhub-demo-app' }, token, now)).toBeNull()
    expect(await verifyJwt(secret, APP_TOKEN, 'not.a.token', now)).toBeNull()
  })
})
