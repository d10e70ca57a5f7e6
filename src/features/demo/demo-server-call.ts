// Calls to what only the demo server answers, beside the REST contract: its
// mailbox and its identity provider's one-time codes
// (src/contract/demo-identity.ts). Plain fetch on the app's own origin, after
// the service worker that hosts the demo server controls the page.
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/headers'
import { ApiError } from '#shared/api/api-error'
import { whenApiReady } from '#shared/api/api-ready'

/** GET `path` (no body) or POST `body` as JSON; the answer's JSON, or an ApiError with the server's `{message}`. */
export async function demoServerCall<T>(path: string, body?: object, signal?: AbortSignal): Promise<T> {
  await whenApiReady()
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body) Object.assign(headers, { 'Content-Type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE })
  let response: Response
  try {
    response = await fetch(new URL(path, location.origin), {
      method: body ? 'POST' : 'GET',
      headers,
      body: body && JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError('The demo server did not answer.', 0)
  }
  const data = /\bjson\b/i.test(response.headers.get('content-type') ?? '')
    ? ((await response.json()) as unknown)
    : null
  if (!response.ok) throw new ApiError(`The demo server answered ${response.status}`, response.status, data)
  return data as T
}
