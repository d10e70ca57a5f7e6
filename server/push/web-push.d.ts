// The part of web-push (3.6) the server uses; the package ships no types.
declare module 'web-push' {
  export interface PushSubscription {
    endpoint: string
    keys: { p256dh: string; auth: string }
  }
  export interface RequestOptions {
    vapidDetails: { subject: string; publicKey: string; privateKey: string }
    TTL?: number
    contentEncoding?: 'aes128gcm' | 'aesgcm'
  }
  /** The request sendNotification would make: the encrypted body and its headers (VAPID's Authorization among them). */
  export interface RequestDetails {
    method: string
    headers: Record<string, string | number>
    body: Buffer | null
    endpoint: string
  }
  export function generateRequestDetails(
    subscription: PushSubscription,
    payload: string,
    options: RequestOptions,
  ): RequestDetails
  export function generateVAPIDKeys(): { publicKey: string; privateKey: string }
  const webPush: {
    generateRequestDetails: typeof generateRequestDetails
    generateVAPIDKeys: typeof generateVAPIDKeys
  }
  export default webPush
}
