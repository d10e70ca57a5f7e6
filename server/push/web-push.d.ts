// The part of web-push (3.6) the server uses; the package ships no types.
declare module 'web-push' {
  import type { Agent } from 'node:https'
  export interface PushSubscription {
    endpoint: string
    keys: { p256dh: string; auth: string }
  }
  export interface RequestOptions {
    vapidDetails: { subject: string; publicKey: string; privateKey: string }
    TTL?: number
    contentEncoding?: 'aes128gcm' | 'aesgcm'
    timeout?: number
    agent?: Agent
  }
  export class WebPushError extends Error {
    statusCode: number
    body: string
    endpoint: string
  }
  export function sendNotification(
    subscription: PushSubscription,
    payload: string,
    options: RequestOptions,
  ): Promise<{ statusCode: number; body: string }>
  export function generateVAPIDKeys(): { publicKey: string; privateKey: string }
  const webPush: {
    sendNotification: typeof sendNotification
    generateVAPIDKeys: typeof generateVAPIDKeys
    WebPushError: typeof WebPushError
  }
  export default webPush
}
