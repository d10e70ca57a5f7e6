// The one axios instance. It is loaded on the first API call, not with the
// page: axios is 20 KiB gzip and the home page paints without it.
import axios, { AxiosError, type AxiosResponse } from 'axios'
import { ApiError, UNAUTHORIZED_MESSAGE } from './api-error'
import { ACCESS_TOKEN_KEY, apiBaseUrl } from '../config/env'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../contract/routes'

export const instance = axios.create({ adapter: 'fetch', timeout: 30_000 })

instance.interceptors.request.use((config) => {
  config.baseURL ??= apiBaseUrl()
  // Both servers accept a write only with a same-origin signal; this header
  // is one a form on another site cannot send (docs/decisions/0034-no-cross-site-api.md).
  // Reads go without it: on another origin it would cost every public read a preflight.
  if (config.method && config.method.toUpperCase() !== 'GET') config.headers.set(CLIENT_HEADER, CLIENT_HEADER_VALUE)
  // An explicit Authorization (the identity provider's ID token while signing
  // in) wins over the stored app token.
  if (!config.headers.has('Authorization')) {
    const token = localStorage.getItem(ACCESS_TOKEN_KEY)
    if (token) config.headers.set('Authorization', `Bearer ${token}`)
  }
  return config
})

function isJson(response: AxiosResponse): boolean {
  const type = String(response.headers['content-type'] ?? '')
  return /^application\/([\w.+-]+\+)?json\b/i.test(type)
}

instance.interceptors.response.use(
  (response) => {
    // An uncontrolled page can get the SPA's index.html for /api/... with 200:
    // that is not an answer, whatever its status says.
    if (!isJson(response)) {
      throw new ApiError(`Expected JSON from ${response.config.url ?? 'the server'}`, response.status, undefined)
    }
    return response
  },
  (error: unknown) => {
    if (error instanceof AxiosError) {
      const status = error.response?.status ?? 0
      if (status === 401 || status === 403) console.log(UNAUTHORIZED_MESSAGE)
      const data: unknown = error.response && isJson(error.response) ? error.response.data : undefined
      const serverMessage = (data as { message?: unknown } | undefined)?.message
      const message =
        typeof serverMessage === 'string' && serverMessage
          ? serverMessage
          : status === 0
            ? 'Network error: the server could not be reached'
            : error.message
      throw new ApiError(message, status, data)
    }
    throw error
  },
)
