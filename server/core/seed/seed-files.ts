// Small but real files for the seeded materials, built in code so the repo
// holds no binaries: a valid one-page PDF, a PNG and a plain-text file.

/** A one-page PDF showing `title` and `lines`, with a correct xref table. */
export function makePdf(title: string, lines: readonly string[]): Blob {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')
  const text = [`BT /F1 20 Tf 72 760 Td (${esc(title)}) Tj ET`]
  lines.forEach((line, i) => text.push(`BT /F1 12 Tf 72 ${720 - i * 18} Td (${esc(line)}) Tj ET`))
  const stream = text.join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Blob([out], { type: 'application/pdf' })
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
}

function chunk(type: string, data: number[]): number[] {
  const body = new Uint8Array([...Array.from(type, (c) => c.charCodeAt(0)), ...data])
  return [...u32(data.length), ...body, ...u32(crc32(body))]
}

/** A size×size PNG: a diagonal two-colour gradient (zlib "stored" blocks, no compressor needed). */
export function makePng(size = 24, from: [number, number, number] = [37, 99, 235], to = [16, 185, 129]): Blob {
  const raw: number[] = []
  for (let y = 0; y < size; y++) {
    raw.push(0) // filter: none
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1))
      for (let c = 0; c < 3; c++) raw.push(Math.round(from[c]! + (to[c]! - from[c]!) * t))
    }
  }
  let a = 1
  let b = 0
  for (const byte of raw) {
    a = (a + byte) % 65521
    b = (b + a) % 65521
  }
  // One stored block holds up to 65535 bytes: plenty for a small image.
  const len = raw.length
  const zlib = [
    0x78,
    0x01,
    0x01,
    len & 0xff,
    len >>> 8,
    ~len & 0xff,
    (~len >>> 8) & 0xff,
    ...raw,
    ...u32((b << 16) | a),
  ]
  const bytes = new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', [...u32(size), ...u32(size), 8, 2, 0, 0, 0]),
    ...chunk('IDAT', zlib),
    ...chunk('IEND', []),
  ])
  return new Blob([bytes], { type: 'image/png' })
}

export function makeText(title: string, lines: readonly string[]): Blob {
  return new Blob([`${title}\n${'='.repeat(title.length)}\n\n${lines.join('\n')}\n`], { type: 'text/plain' })
}
