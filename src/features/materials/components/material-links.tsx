import type { Material } from '../../../contract/entities'
import { safeUrl } from '../../../shared/safety/safe-url'

/** A material's extra link and drive link, shown only when their URLs are safe. */
export function MaterialLinks({ material }: { material: Material }) {
  const links = [
    { label: 'Open link', href: safeUrl(material.link) },
    { label: 'Open in Drive', href: safeUrl(material.driveLink) },
  ].filter((l): l is { label: string; href: string } => l.href !== null)
  if (links.length === 0) return null
  return (
    <ul className="mt-3 flex flex-wrap gap-4">
      {links.map((link) => (
        <li key={link.label}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" className="font-medium text-accent underline">
            {link.label}
            <span className="sr-only">{` for ${material.title} (opens in a new tab)`}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}

/** The material's image, if its URL is safe; decorative beside the title. */
export function MaterialImage({ material }: { material: Material }) {
  const src = safeUrl(material.image)
  if (!src) return null
  return (
    <img src={src} alt="" className="h-32 w-full rounded object-cover" loading="lazy" referrerPolicy="no-referrer" />
  )
}
