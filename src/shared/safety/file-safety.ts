// What a tutor may upload as a study material, and how the viewer may show a
// file of a given type. The rule: nothing uploaded ever runs script in the
// app's origin, so only PDFs, raster images and plain text are shown, each in
// a way that cannot run script (the viewer says which); every other type is
// offered as a download only.

import { UPLOAD_TYPES, baseType, extensionOf } from '#contract/uploads'

/** For the file input's `accept`, so the picker offers only what will pass. */
export const UPLOAD_ACCEPT = Object.entries(UPLOAD_TYPES)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',')

export type ViewerMode = 'pdf' | 'image' | 'text' | 'download'

/** How the viewer shows a file of this (served or declared) type. */
export function viewerMode(type: string | null | undefined): ViewerMode {
  const t = baseType(type)
  if (t === 'application/pdf') return 'pdf'
  if (t === 'image/png' || t === 'image/jpeg' || t === 'image/webp' || t === 'image/gif') return 'image'
  if (t === 'text/plain') return 'text'
  // HTML, SVG, scripts, archives, unknown: never displayed, only downloaded.
  return 'download'
}

/** A type for a file name when the record does not say (older records). */
export function typeFromName(name: string | null | undefined): string | undefined {
  const ext = extensionOf(name ?? '')
  return Object.entries(UPLOAD_TYPES).find(([, exts]) => exts.includes(ext))?.[0]
}
