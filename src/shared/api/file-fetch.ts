// Material files are served only to those who may read them, so the viewer,
// the download and the offline copy fetch them with the app token, as every
// API call carries it. Plain fetch, not the axios client: files are bytes,
// not JSON. The token goes only to StudyHub: this origin or the API's (which
// in a live build may be another host, allowed by its CORS list).
import { isStudyHubUrl } from '../safety/safe-url'
import { credentials } from './credentials'

export function fetchFile(url: string, signal?: AbortSignal): Promise<Response> {
  if (!isStudyHubUrl(url))
    return Promise.reject(new Error('Only files served by StudyHub are fetched with the app token.'))
  const token = credentials.token()
  return fetch(url, {
    signal,
    credentials: 'same-origin',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  })
}
