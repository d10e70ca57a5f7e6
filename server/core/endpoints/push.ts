// /push/public-key and /push-subscriptions: the browsers that receive a user's
// notifications as Web Push. A subscription is bound to the signed-in user who
// saved it; saving it again under another user moves it (a shared device
// follows whoever signed in last), and logging out deletes it, so one user's
// notification never reaches a device another user signed in on. Only a push
// service's https:// address is kept (../push-services.ts), and a user has at
// most MAX_PUSH_SUBSCRIPTIONS: a new one drops their oldest. A takeover of the
// account, a role change or a sign-out of every device deletes the user's
// subscriptions with the credential generation they were saved under.
import { badRequest, invalidToken } from '../http-errors'
import type { RouteImpl } from '../pipeline'
import { DEFAULT_PUSH_HOSTS, MAX_PUSH_SUBSCRIPTIONS, pushEndpointProblem } from '../push-services'
import { deleted, isoNow } from './answers'

export const getPushPublicKey: RouteImpl<'getPushPublicKey'> = ({ deps }) => {
  return { body: { publicKey: deps.pushPublicKey ?? null } }
}

export const savePushSubscription: RouteImpl<'savePushSubscription'> = async ({ deps, store, body, principal }) => {
  const problem = pushEndpointProblem(body.endpoint, deps.pushHosts ?? DEFAULT_PUSH_HOSTS)
  if (problem) throw badRequest(problem)
  const row = {
    endpoint: body.endpoint,
    email: principal!.email,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    createdAt: isoNow(deps.now()),
  }
  // Saved only while the caller's token is still of the current generation (as a calendar feed is made).
  if (!(await store.pushSubscriptions.save(row, principal!.generation!, MAX_PUSH_SUBSCRIPTIONS))) throw invalidToken()
  return { status: 201, body: { success: true, message: 'This device will be told.' } }
}

export const deletePushSubscription: RouteImpl<'deletePushSubscription'> = async ({ store, body, principal }) => {
  return deleted((await store.pushSubscriptions.remove(body.endpoint, principal!.email)) ? 1 : 0)
}
