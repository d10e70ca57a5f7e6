// A link someone typed (a material's, a class's meeting) to another site: it opens in a new tab with no opener and
// no referrer, and says which host it leads to, so the words beside it cannot pass for another site.
import { externalLink } from '../safety/safe-url'

export interface ExternalLinkProps {
  /** The address as stored; nothing is shown unless it is a plain https link. */
  url: string | undefined
  label: string
  /** Read after the label and host by a screen reader ("for Algebra notes"). */
  about: string
  className?: string
}

export function ExternalLink({
  url,
  label,
  about,
  className = 'font-medium text-accent underline',
}: ExternalLinkProps) {
  const target = externalLink(url)
  if (!target) return null
  return (
    <a href={target.href} target="_blank" rel="noopener noreferrer" className={className}>
      {label}
      <span className="text-ink-muted"> ({target.host})</span>
      <span className="sr-only">{` ${about} (opens in a new tab)`}</span>
    </a>
  )
}
