import type { Material } from '#contract/entities'
import { isStudyHubUrl, safeApiUrl, safeUrl } from '#shared/safety/safe-url'
import { useVerifiedFile } from './material-viewer'
import { fileSummary } from '../verified-file'

/** A tutor's link as an external link: https only, after the URL parser normalised it. */
function externalLink(raw: string | undefined): { href: string; host: string } | null {
  const href = safeUrl(raw)
  if (!href) return null
  const url = new URL(href)
  return url.protocol === 'https:' && !url.username && !url.password ? { href, host: url.host } : null
}

/**
 * A material's extra link and drive link: other sites, so each opens in a new
 * tab with no opener and no referrer, never in a frame, and says which host it
 * leads to (the text a tutor chose cannot pass for another site).
 */
export function MaterialLinks({ material }: { material: Material }) {
  const links = [
    { label: 'Open link', target: externalLink(material.link) },
    { label: 'Open in Drive', target: externalLink(material.driveLink) },
  ].filter((l): l is { label: string; target: { href: string; host: string } } => l.target !== null)
  if (links.length === 0) return null
  return (
    <ul className="mt-3 flex flex-wrap gap-4">
      {links.map(({ label, target }) => (
        <li key={label}>
          <a href={target.href} target="_blank" rel="noopener noreferrer" className="font-medium text-accent underline">
            {label}
            <span className="text-ink-muted"> ({target.host})</span>
            <span className="sr-only">{` for ${material.title} (opens in a new tab)`}</span>
          </a>
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
