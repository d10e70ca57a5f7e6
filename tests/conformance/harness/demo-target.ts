// The demo server (mocks/handlers.ts) as a conformance target: the same
// handlers the service worker of a demo build runs, here under msw/node over
// fake-indexeddb, so fetch() to the target's base URL reaches them in-process.
// Its identity provider is the demo one under /api/demo-idp, where every seeded
// user has a password identity. Its mail is the demo mailbox, made into raw
// messages here (nodemailer's composer) as a mail server would have received them.
// The test file must import 'fake-indexeddb/auto' before this module: Dexie
// captures indexedDB when it is first imported.
import { getResponse } from 'msw'
import { setupServer } from 'msw/node'
import MailComposer from 'nodemailer/lib/mail-composer'
import { demoDb, type MailRow } from '../../../mocks/db/demo-db'
import { storeOf } from '../../../mocks/db/store-of'
import { workDeliveries } from '../../../mocks/demo-delivery-worker'
import { handlers } from '../../../mocks/handlers'
import { resetDemoData } from '../../../mocks/server/ready'
import { DEMO_IDP_BASE, demoIdpPaths, type DemoIdpError, type DemoIdpSession } from '#contract/demo-identity'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import { HARNESS_PASSWORD, ProviderRefusal, type SentMail, type Target } from './target'

/** Any origin works: msw answers every `*\/api/...` request; this one cannot reach a real host. */
const ORIGIN = 'http://studyhub-demo.test'

/** A kept mail as the message a mail server would have received. */
async function rawMessage(mail: MailRow): Promise<SentMail> {
  const composer = new MailComposer({
    from: 'StudyHub demo <no-reply@studyhub.demo>',
    to: mail.to,
    date: new Date(mail.createdAt),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    ...(mail.calendar && { icalEvent: { ...mail.calendar } }),
  })
  return { to: mail.to, raw: (await composer.compile().build()).toString('utf8') }
}

export function createDemoTarget(): Target {
  const server = setupServer(...handlers)
  /** Each kept mail composed once, as a mail server receives a message once (the composer's boundaries are random). */
  const received = new Map<string, Promise<SentMail>>()
  const baseUrl = `${ORIGIN}/api`

  async function idp(path: string, body: Record<string, unknown>): Promise<DemoIdpSession> {
    const response = await fetch(`${ORIGIN}${DEMO_IDP_BASE}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
      body: JSON.stringify(body),
    })
    const data = (await response.json()) as DemoIdpSession | DemoIdpError
    if (!response.ok || !('idToken' in data)) {
      const error = data as DemoIdpError
      throw new ProviderRefusal(error.code ?? `HTTP ${response.status}`, error.message ?? 'refused')
    }
    return data
  }

  const signIn = async (email: string) =>
    (await idp(demoIdpPaths.signIn, { email, password: HARNESS_PASSWORD })).idToken

  return {
    name: 'demo',
    baseUrl,
    origin: ORIGIN,
    seededUsersHaveIdentities: true,
    async start() {
      // msw 3 names the option onUnhandledFrame (msw 2: onUnhandledRequest).
      server.listen({ onUnhandledFrame: 'error' })
    },
    async stop() {
      server.close()
    },
    async reset() {
      received.clear()
      await resetDemoData()
    },
    // Every ID token is a new sign-in's here.
    idTokenFor: signIn,
    signInAgain: signIn,
    async handleExactly(request) {
      return (await getResponse(handlers, request)) ?? new Response(null, { status: 404 })
    },
    store: () => storeOf(demoDb()),
    async sentMail() {
      // What a change queued is worked first, as the service worker would have by now.
      await workDeliveries(demoDb())
      const mails = await demoDb().mailbox.orderBy('createdAt').toArray()
      return Promise.all(
        mails.map((mail) => {
          if (!received.has(mail.id)) received.set(mail.id, rawMessage(mail))
          return received.get(mail.id)!
        }),
      )
    },
    // The provider's admin acts on its accounts table directly, as the Auth emulator's admin calls do.
    async verifyEmail(email) {
      await demoDb().identities.where('email').equals(email.toLowerCase()).modify({ emailVerified: true })
      return (await idp(demoIdpPaths.signIn, { email, password: HARNESS_PASSWORD })).idToken
    },
    async replaceWithVerified(email) {
      await demoDb().identities.where('email').equals(email.toLowerCase()).delete()
      return (await idp(demoIdpPaths.google, { email })).idToken
    },
    async disable(email) {
      await demoDb().identities.where('email').equals(email.toLowerCase()).modify({ disabled: true })
    },
    async signUpNew(email, name) {
      const session = await idp(demoIdpPaths.signUp, { email, password: HARNESS_PASSWORD, displayName: name })
      return { idToken: session.idToken }
    },
  }
}
