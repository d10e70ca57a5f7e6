// The demo build's identity provider: the stand-in for Firebase Auth that the
// demo server hosts beside the REST API. Like Firebase it issues ID tokens; the
// REST API's POST /jwt accepts one as proof of an email
// (docs/decisions/0004-identity-by-provider-uid.md). Only demo code uses it:
// the demo auth gateway on the client, and mocks/ on the server side.

export const DEMO_IDP_BASE = '/api/demo-idp'

export const demoIdpPaths = {
  signUp: '/sign-up',
  signIn: '/sign-in',
  /** The local "Choose an account" picker behind the Google button. */
  google: '/google',
  googleAccounts: '/google-accounts',
  updateProfile: '/update-profile',
} as const

export interface DemoIdentity {
  uid: string
  email: string
  displayName: string | null
  photoURL: string | null
}

/** What every successful call answers. */
export interface DemoIdpSession {
  idToken: string
  user: DemoIdentity
}

export interface DemoSignUpBody {
  email: string
  password: string
  displayName?: string
  photoURL?: string
}
export interface DemoSignInBody {
  email: string
  password: string
}
export interface DemoGoogleBody {
  email: string
  displayName?: string
  photoURL?: string
}
export interface DemoUpdateProfileBody {
  displayName?: string | null
  photoURL?: string | null
}
export interface DemoGoogleAccounts {
  accounts: Array<Pick<DemoIdentity, 'email' | 'displayName' | 'photoURL'>>
}

/** Error codes as Firebase names them, so both gateways raise the same errors. */
export type DemoIdpErrorCode =
  | 'auth/email-already-in-use'
  | 'auth/weak-password'
  | 'auth/invalid-email'
  | 'auth/missing-password'
  | 'auth/invalid-credential'
  | 'auth/account-exists-with-different-credential'
  | 'auth/network-request-failed'

/** Error answers are 400 (401 for a bad token) with this body. */
export interface DemoIdpError {
  code: DemoIdpErrorCode
  message: string
}

export const DEMO_PASSWORD_MIN_LENGTH = 6
export const DEMO_ACCOUNTS = [
  { email: 'admin@studyhub.demo', role: 'admin' },
  { email: 'tutor@studyhub.demo', role: 'tutor' },
  { email: 'student@studyhub.demo', role: 'student' },
] as const
export const DEMO_ACCOUNT_PASSWORD = 'demo1234'

/** Wipes the demo server's data and seeds it again; any caller, demo builds only. */
export const DEMO_RESET_PATH = '/api/demo/reset'
