// The Firebase Auth emulator as the API server's identity provider in tests:
// its REST endpoints (the ones the Firebase web SDK calls, plus the emulator's
// own admin calls) are enough to make accounts, vouch for an email and get ID
// tokens, with no SDK and no credentials. The emulator accepts any API key
// and treats `Bearer owner` as the project's admin.
import { HARNESS_PASSWORD, ProviderRefusal } from './target'

export const EMULATOR_PROJECT_ID = 'demo-studyhub'

interface AccountAnswer {
  idToken: string
  localId: string
}

export class FirebaseAuthEmulator {
  private readonly toolkit: string

  /** `host` is the emulator's host:port (what FIREBASE_AUTH_EMULATOR_HOST holds). */
  constructor(readonly host: string) {
    this.toolkit = `http://${host}/identitytoolkit.googleapis.com/v1`
  }

  private async post(path: string, body: unknown, admin = false): Promise<Record<string, unknown>> {
    const response = await fetch(`${this.toolkit}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(admin ? { Authorization: 'Bearer owner' } : {}) },
      body: JSON.stringify(body),
    })
    const data = (await response.json()) as Record<string, unknown> & { error?: { message?: string } }
    if (!response.ok) {
      const code = data.error?.message ?? `HTTP ${response.status}`
      throw new ProviderRefusal(code, `the Auth emulator refused ${path}`)
    }
    return data
  }

  /** A new password account; `EMAIL_EXISTS` (a ProviderRefusal) when the email has one. */
  async signUp(email: string, displayName?: string): Promise<AccountAnswer> {
    const data = await this.post('/accounts:signUp?key=fake', {
      email,
      password: HARNESS_PASSWORD,
      returnSecureToken: true,
      ...(displayName ? { displayName } : {}),
    })
    return { idToken: String(data.idToken), localId: String(data.localId) }
  }

  async signIn(email: string): Promise<AccountAnswer> {
    const data = await this.post('/accounts:signInWithPassword?key=fake', {
      email,
      password: HARNESS_PASSWORD,
      returnSecureToken: true,
    })
    return { idToken: String(data.idToken), localId: String(data.localId) }
  }

  /** Marks the account's email as verified, as following the provider's email link would. */
  async markVerified(localId: string): Promise<void> {
    await this.post(`/projects/${EMULATOR_PROJECT_ID}/accounts:update`, { localId, emailVerified: true }, true)
  }

  /**
   * An ID token with `email_verified: true` for `email`: the account is made
   * when missing, marked verified, and signed in again (a token states what
   * the account was when it was issued).
   */
  async verifiedIdToken(email: string): Promise<string> {
    let account: AccountAnswer
    try {
      account = await this.signUp(email)
    } catch (error) {
      if (!(error instanceof ProviderRefusal) || error.code !== 'EMAIL_EXISTS') throw error
      account = await this.signIn(email)
    }
    await this.markVerified(account.localId)
    return (await this.signIn(email)).idToken
  }

  /** Deletes one account, as the project's admin. */
  async deleteAccount(localId: string): Promise<void> {
    await this.post(`/projects/${EMULATOR_PROJECT_ID}/accounts:delete`, { localId }, true)
  }

  /** Disables one account, as the project's admin (its tokens count as revoked from then on). */
  async disable(localId: string): Promise<void> {
    await this.post(`/projects/${EMULATOR_PROJECT_ID}/accounts:update`, { localId, disableUser: true }, true)
  }

  /** Deletes every account of the project. */
  async wipe(): Promise<void> {
    const response = await fetch(`http://${this.host}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/accounts`, {
      method: 'DELETE',
    })
    if (!response.ok) throw new Error(`Could not wipe the Auth emulator's accounts: HTTP ${response.status}`)
  }
}
