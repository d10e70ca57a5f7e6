import type { Material } from '#contract/entities'
import { externalLink, isStudyHubUrl, safeApiUrl } from '#shared/safety/safe-url'
import { ExternalLink } from '#shared/ui/external-link'
import { useVerifiedFile } from './material-viewer'
import { fileSummary } from '../verified-file'

/** A material's extra link and drive link (other sites: #shared/ui/external-link). */
export function MaterialLinks({ material }: { material: Material }) {
  const links = [
    { label: 'Open link', url: material.link },
    { label: 'Open in Drive', url: material.driveLink },
  ].filter(({ url }) => externalLink(url) !== null)
  if (links.length === 0) return null
  return (
    <ul className="mt-3 flex flex-wrap gap-4">
      {links.map(({ label, url }) => (
        <li key={label}>
          <ExternalLink url={url} label={label} about={`for ${material.title}`} />
        </li>
      ))}
    </ul>
  )
}

/**
 * The material's picture, decorative beside the title. It comes only from
 * StudyHub's own file store, fetched with the app token and checked like any
 * file the viewer shows; an address anywhere else is never loaded.
 */
export function MaterialImage({ material }: { material: Material }) {
  const named = safeApiUrl(material.image)
  const url = named && isStudyHubUrl(named) ? named : null
  const file = useVerifiedFile(url, 'image', material._id)
  if (!url || file.state !== 'ready') return null
  return <img src={file.src} alt="" className="h-32 w-full rounded object-cover" loading="lazy" />
}

/** The kind and size of a material's file, in words ("PDF, 1 KB"); nothing when it has no file. */
export function FileSummary({ material }: { material: Material }) {
  const summary = fileSummary(material)
  return summary ? (
    <p className="mt-1 text-xs font-medium text-ink-muted" data-testid="file-summary">
      {summary}
    </p>
  ) : null
}
