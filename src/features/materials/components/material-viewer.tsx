// Shows an uploaded file without ever letting it run script in the app's
// origin. Uploads come from tutors (or from anyone who can call the API), so
// the file at fileUrl may be hostile whatever its record claims.
//
// A file StudyHub serves (the demo server's /api/files/..., or the API
// server's on its own origin, materialFileUrl) is fetched by the page first,
// with the app token, and shown only if it was served with the type its record
// claims; the viewer then decides the type of what it renders itself:
// - PDF: a blob: URL typed application/pdf in an unsandboxed frame. A PDF
//   cannot use a sandboxed frame (Chrome does not render a PDF inside one,
//   whatwg/html#3958), and an unsandboxed frame of the same-origin URL would
//   run any HTML the server returned there with the app's privileges; a blob
//   the app typed as PDF goes to the PDF viewer and is never parsed as HTML.
// - Images: an <img> of a blob typed as the raster type (an <img> never runs
//   script, even for SVG).
// - Plain text: rendered as text by React.
// Fetching first also matters in the demo build: a sandboxed frame has an
// opaque origin, so the service worker that hosts the demo server never sees
// its requests.
// A file on any other origin (a link to someone's storage) cannot touch this
// origin: a PDF is framed directly, an image is an <img>, text goes in a
// frame with sandbox="".
// Anything else (HTML, SVG, scripts, unknown types) is never displayed, only
// offered as a download.
import { useEffect, useState, type CSSProperties } from 'react'
import type { Material } from '#contract/entities'
import { viewerMode, type ViewerMode } from '#shared/safety/file-safety'
import { isStudyHubUrl } from '#shared/safety/safe-url'
import {
  fetchVerifiedUrl,
  materialFileType,
  materialFileUrl,
  materialMode,
  renderType,
  type ShownMode,
} from '../verified-file'
import { fetchFile } from '#shared/api/file-fetch'

/** Material files are shown in a frame 500 px high above md (docs/product.md#constants); a phone's viewer is the whole screen. */
export const FRAME_HEIGHT = 500

const NOT_ON_DEVICE = 'This file is not saved on this device. Open it while online to read it.'

type Verified =
  | { state: 'loading' }
  | { state: 'ready'; src: string; text?: string; fromDevice?: boolean }
  | { state: 'failed'; offline?: boolean }

/** The copy kept on this device for this student, if its stored type fits the mode. */
async function keptCopy(email: string, materialId: string, mode: ShownMode) {
  const store = await import('../offline/kept-materials-store')
  const kept = await store.readKeptFile(email, materialId).catch(() => undefined)
  // Its type was checked when it was kept; check again that it fits what the record declares.
  return kept && viewerMode(kept.type) === mode ? kept : undefined
}

/**
 * A file StudyHub serves, checked against the mode it is to be shown in: the copy
 * kept on this device for `keptFor` (a student's email) when there is one,
 * else fetched from the server.
 */
export function useVerifiedFile(url: string | null, mode: ViewerMode, materialId: string, keptFor?: string): Verified {
  const ours = isStudyHubUrl(url)
  // The result, remembered with the URL it belongs to.
  const [fetched, setFetched] = useState<{ url: string; result: Verified } | null>(null)
  useEffect(() => {
    if (mode === 'download' || !url || !ours) return
    const controller = new AbortController()
    let objectUrl: string | null = null
    const load = async () => {
      const kept = keptFor ? await keptCopy(keptFor, materialId, mode) : undefined
      if (kept) return { ...kept, fromDevice: true }
      return { ...(await fetchVerifiedUrl(url, mode, controller.signal)), fromDevice: false }
    }
    load()
      .then(async ({ blob, type, fromDevice }) => {
        const bytes = await blob.arrayBuffer()
        if (controller.signal.aborted) return
        const text = mode === 'text' ? new TextDecoder().decode(bytes) : undefined
        // The app types what it renders, whatever the file was stored or served as.
        objectUrl = URL.createObjectURL(new Blob([bytes], { type: renderType(mode, type) }))
        setFetched({ url, result: { state: 'ready', src: objectUrl, text, fromDevice } })
      })
      .catch(() => {
        if (!controller.signal.aborted) setFetched({ url, result: { state: 'failed', offline: !navigator.onLine } })
      })
    return () => {
      controller.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [url, mode, ours, materialId, keptFor])
  if (!url) return { state: 'failed' }
  if (!ours) return { state: 'ready', src: url }
  return fetched?.url === url ? fetched.result : { state: 'loading' }
}

interface MaterialFrameProps {
  material: Material
  /** The signed-in student's email: their copy kept on this device is shown first. */
  keptFor?: string
}

export function MaterialFrame({ material, keptFor }: MaterialFrameProps) {
  const url = materialFileUrl(material)
  const mode = materialMode(material)
  const file = useVerifiedFile(url, mode, material._id, keptFor)
  const title = `File of ${material.title}`
  // On a phone the file fills the full-screen viewer; above md, the 500 px frame.
  const box =
    'min-h-[60dvh] w-full flex-1 rounded border border-line bg-surface md:h-(--frame-height) md:min-h-0 md:flex-none'
  const style = { '--frame-height': `${FRAME_HEIGHT}px` } as CSSProperties

  if (!url) return <p className="text-ink-muted">This material has no file that can be shown.</p>
  if (mode === 'download')
    return (
      <p className="rounded border border-line bg-canvas p-4 text-ink">
        This type of file cannot be shown here safely. Use Download to save it.
      </p>
    )
  if (file.state === 'loading')
    return (
      <p role="status" className={`${box} flex items-center justify-center border-none text-ink-muted`} style={style}>
        Loading the file…
      </p>
    )
  if (file.state === 'failed')
    return (
      <p className="text-ink">
        {file.offline ? NOT_ON_DEVICE : 'The file could not be shown here. Use Download to save it.'}
      </p>
    )
  if (mode === 'pdf') return <iframe title={title} src={file.src} height={FRAME_HEIGHT} style={style} className={box} />
  if (mode === 'image')
    return (
      <div
        className={`${box} flex items-center justify-center overflow-auto`}
        style={style}
        data-testid="material-frame"
      >
        <img src={file.src} alt={material.title} className="max-h-full max-w-full object-contain" />
      </div>
    )
  if (file.text !== undefined)
    return (
      <pre
        className={`${box} overflow-auto p-3 text-left text-sm whitespace-pre-wrap text-ink`}
        style={style}
        tabIndex={0}
        aria-label={title}
        data-testid="material-frame"
      >
        {file.text}
      </pre>
    )
  // Text on another origin: sandboxed, no script, opaque origin.
  return <iframe title={title} src={file.src} sandbox="" height={FRAME_HEIGHT} style={style} className={box} />
}

function downloadName(material: Material): string {
  if (material.fileName) return material.fileName
  const ext = { 'application/pdf': '.pdf', 'text/plain': '.txt' }[materialFileType(material) ?? ''] ?? ''
  return `${material.title}${ext}`
}

/**
 * Saves the file under its name. Fetching it first makes the download work
 * for files the service worker serves, and never navigates to the file.
 */
export async function downloadMaterial(material: Material, keptFor?: string): Promise<void> {
  const url = materialFileUrl(material)
  if (!url) return
  if (!isStudyHubUrl(url)) {
    window.open(url, '_blank', 'noopener,noreferrer')
    return
  }
  const mode = materialMode(material)
  const kept = keptFor && mode !== 'download' ? await keptCopy(keptFor, material._id, mode) : undefined
  let bytes: ArrayBuffer
  if (kept) bytes = await kept.blob.arrayBuffer()
  else {
    const response = await fetchFile(url)
    if (!response.ok) throw new Error(`Download failed (${response.status})`)
    bytes = await response.arrayBuffer()
  }
  // application/octet-stream: the saved copy is a file, never a page of this origin.
  const blob = new Blob([bytes], { type: 'application/octet-stream' })
  const objectUrl = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = objectUrl
  anchor.download = downloadName(material)
  document.body.appendChild(anchor)
  anchor.click()
  anchor.remove()
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000)
}
