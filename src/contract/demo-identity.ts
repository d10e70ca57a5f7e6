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
  /** Mails a link to choose a new password, if an account has the email; answers the same either way. */
  sendPasswordReset: '/send-password-reset',
  /** Whose password a reset code is for (the reset page shows it); the code stays usable. */
  checkResetCode: '/check-reset-code',
  /** Sets a new password with a reset code, which is then spent. */
  resetPassword: '/reset-password',
  /** Mails the signed-in identity (its ID token) a link that verifies its email. */
  sendEmailVerification: '/send-email-verification',
  /** Marks the email of a verification code's identity verified; the code is then spent. */
  verifyEmail: '/verify-email',
} as const

/**
 * The demo app's pages that the identity provider's mails link to (a live
 * build has Firebase's own), with the code as `?code=`; and the demo mailbox.
 */
export const demoPages = {
  resetPassword: '/demo/reset-password',
  verifyEmail: '/demo/verify-email',
  mailbox: '/demo/mailbox',
} as const

/** How long a mailed code works: a reset an hour, a verification three days (as Firebase's links). */
export const DEMO_CODE_TTL_MS = { 'password-reset': 3_600_000, 'verify-email': 3 * 86_400_000 } as const

export interface DemoEmailBody {
  email: string
}
export interface DemoCodeBody {
  code: string
}
export interface DemoResetPasswordBody {
  code: string
  password: string
}
/** What a code answers: whose email it is for (the reset page shows it). */
export interface DemoCodeAnswer {
  email: string
}

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
  | 'auth/invalid-action-code'
  | 'auth/expired-action-code'

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

/**
 * The demo mailbox: every mail the demo server sent (docs/decisions/0081-demo-mailbox.md).
 * GET answers the recipients, and with `?to=` that recipient's mails, newest first;
 * GET `/:id` one mail whole. Demo builds only, never in the REST contract.
 */
export const DEMO_MAILBOX_PATH = '/api/demo/mailbox'

/** A mail in the list: enough to pick it. */
export interface DemoMailSummary {
  id: string
  to: string
  subject: string
  createdAt: string
}

/** A mail whole, as the recipient's mail client would have it. */
export interface DemoMail extends DemoMailSummary {
  html: string
  text: string
  headers: Record<string, string>
  /** The invite a booking's mail carries (.ics). */
  calendar?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string }
}

export interface DemoMailboxAnswer {
  /** Everyone with mail, with how many each has, newest mail first. */
  recipients: Array<{ email: string; count: number }>
  /** The mails of `?to=`, newest first (empty without it). */
  mails: DemoMailSummary[]
}
