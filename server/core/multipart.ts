// A small multipart/form-data parser, for where the platform's own cannot
// run: under vitest's jsdom, Node's parser builds Files with a global File
// that jsdom has replaced. Fields come back as strings, files as Blobs with a
// `name`.

export function parseMultipart(bytes: Uint8Array, contentType: string): Record<string, unknown> | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  const boundary = match?.[1] ?? match?.[2]
  if (!boundary) return null
  let latin1 = ''
  for (let i = 0; i < bytes.length; i += 0x8000) latin1 += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  const out: Record<string, unknown> = {}
  for (const raw of latin1.split(`--${boundary}`).slice(1)) {
    if (raw.startsWith('--')) break
    const part = raw.replace(/^\r\n/, '').replace(/\r\n$/, '')
    const split = part.indexOf('\r\n\r\n')
    if (split < 0) return null
    const head = part.slice(0, split)
    const content = Uint8Array.from(part.slice(split + 4), (c) => c.charCodeAt(0))
    const name = /name="([^"]*)"/i.exec(head)?.[1]
    if (!name) return null
    const filename = /filename="([^"]*)"/i.exec(head)?.[1]
    if (filename === undefined) out[name] = new TextDecoder().decode(content)
    else {
      const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? 'application/octet-stream'
      out[name] = Object.assign(new Blob([content], { type }), { name: filename })
    }
  }
  return out
}
