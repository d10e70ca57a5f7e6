// "Open file": the material's file in a new tab. A navigation carries no
// token, so the API first issues this reader a short-lived signed link
// (GET /materials/:id/file-link) and the tab opens that. The link is a path on
// the API's origin, resolved and checked like every file URL the API names;
// it is never stored (not in the query cache, which is kept on the device).
import type { Material } from '#contract/entities'
import { api } from '#shared/api/http-client'
import { safeApiUrl } from '#shared/safety/safe-url'

export async function openMaterialFile(material: Pick<Material, '_id'>): Promise<void> {
  const { url } = await api('getMaterialFileLink', { params: { id: material._id } })
  const href = safeApiUrl(url)
  if (!href) throw new Error('The server gave no link to this file.')
  window.open(href, '_blank', 'noopener,noreferrer')
}
