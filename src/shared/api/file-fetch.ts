// Material files are served only to those who may read them, so the viewer,
// the download and the offline copy fetch them with the app token, as every
// API call carries it. Plain fetch, not the axios client: files are bytes,
// not JSON.
import { ACCESS_TOKEN_KEY } from '../config/env'

export function fetchFile(url: string, signal?: AbortSignal): Promise<Response> {
  const token = localStorage.getItem(ACCESS_TOKEN_KEY)
  return fetch(url, {
    signal,
    credentials: 'same-origin',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  })
}
