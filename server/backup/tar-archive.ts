// A POSIX ustar archive of a folder, written and read as streams with Node's
// built-ins only, so a backup of the embedded database's folder is a plain
// `.tar.gz` that `tar -xzf` opens too. Only what a PostgreSQL data folder
// holds is supported: regular files and folders. PGlite's own dumpDataDir()
// is not used because it archives every file (the folder's lock file too) and
// holds the whole archive in memory; see docs/decisions/0054-backups.md.
import { mkdir, open, readdir, stat, utimes } from 'node:fs/promises'
import path from 'node:path'

const BLOCK = 512
/** Large enough to keep reads few, small enough that a 1 GB segment file never sits in memory whole. */
const CHUNK = 1024 * 1024
/** ustar's 11 octal digits. PostgreSQL splits tables into 1 GB segment files, far below it. */
const MAX_SIZE = 0o77777777777

export interface TarEntry {
  /** Relative, '/'-separated; a folder's name has no trailing slash here. */
  name: string
  kind: 'file' | 'folder'
  mode: number
  mtime: Date
  /** Bytes of a file; 0 for a folder. */
  size: number
}

/** An entry and, for a file, its bytes. */
export interface TarInput {
  entry: TarEntry
  data?: AsyncIterable<Uint8Array> | Uint8Array
}

/** The archive is damaged, cut short, or holds something this reader does not take. */
export class TarError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TarError'
  }
}

function writeText(header: Buffer, offset: number, length: number, value: string): void {
  const bytes = Buffer.from(value, 'utf8')
  if (bytes.length > length) throw new TarError(`"${value}" does not fit a ${length}-byte tar field.`)
  bytes.copy(header, offset)
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  // length - 1 digits and a NUL, as ustar writes them.
  writeText(
    header,
    offset,
    length,
    `${Math.floor(value)
      .toString(8)
      .padStart(length - 1, '0')}\0`,
  )
}

/** ustar keeps a long name as prefix (155 bytes) + '/' + name (100 bytes). */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name }
  for (let slash = name.indexOf('/'); slash !== -1; slash = name.indexOf('/', slash + 1)) {
    const prefix = name.slice(0, slash)
    const rest = name.slice(slash + 1)
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest }
  }
  throw new TarError(`The name ${name} is too long for a ustar archive.`)
}

function checksum(header: Buffer): number {
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!
  return sum
}

function encodeHeader(entry: TarEntry): Buffer {
  if (entry.size > MAX_SIZE) throw new TarError(`${entry.name} is larger than a ustar archive can hold.`)
  const header = Buffer.alloc(BLOCK)
  const split = splitName(entry.kind === 'folder' ? `${entry.name}/` : entry.name)
  writeText(header, 0, 100, split.name)
  writeOctal(header, 100, 8, entry.mode & 0o7777)
  writeOctal(header, 108, 8, 0)
  writeOctal(header, 116, 8, 0)
  writeOctal(header, 124, 12, entry.kind === 'file' ? entry.size : 0)
  writeOctal(header, 136, 12, entry.mtime.getTime() / 1000)
  header[156] = entry.kind === 'file' ? 0x30 : 0x35
  writeText(header, 257, 6, 'ustar\0')
  writeText(header, 263, 2, '00')
  writeText(header, 345, 155, split.prefix)
  writeText(header, 148, 8, `${checksum(header).toString(8).padStart(6, '0')}\0 `)
  return header
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)

/** The archive of `inputs`, in order, ending with the two empty blocks that mark its end. */
export async function* packEntries(inputs: AsyncIterable<TarInput> | Iterable<TarInput>): AsyncGenerator<Uint8Array> {
  for await (const { entry, data } of inputs) {
    yield encodeHeader(entry)
    if (entry.kind !== 'file') continue
    let written = 0
    for await (const chunk of data instanceof Uint8Array ? [data] : (data ?? [])) {
      written += chunk.length
      if (written > entry.size) break
      yield chunk
    }
    // A file that changed size while it was read would shift every entry after it.
    if (written !== entry.size) throw new TarError(`${entry.name} changed size while it was archived.`)
    yield padding(entry.size)
  }
  yield Buffer.alloc(BLOCK * 2)
}

async function* fileBytes(file: string, size: number): AsyncGenerator<Uint8Array> {
  const handle = await open(file, 'r')
  try {
    for (let offset = 0; offset < size;) {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK, size - offset))
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset)
      if (bytesRead === 0) throw new TarError(`${file} shrank while it was archived.`)
      offset += bytesRead
      yield buffer.subarray(0, bytesRead)
    }
  } finally {
    await handle.close()
  }
}

/** Every folder and file under `root` (sorted, so two archives of one folder are alike), but those `skip` names. */
async function* folderInputs(root: string, skip: (name: string) => boolean, under = ''): AsyncGenerator<TarInput> {
  const entries = await readdir(path.join(root, under), { withFileTypes: true })
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const dirent of entries) {
    const name = under === '' ? dirent.name : `${under}/${dirent.name}`
    if (skip(name)) continue
    const full = path.join(root, name)
    if (!dirent.isFile() && !dirent.isDirectory()) {
      throw new TarError(`${full} is neither a file nor a folder; a database folder holds nothing else.`)
    }
    const stats = await stat(full)
    const kind = dirent.isDirectory() ? 'folder' : 'file'
    const entry: TarEntry = { name, kind, mode: stats.mode, mtime: stats.mtime, size: kind === 'file' ? stats.size : 0 }
    yield { entry, data: kind === 'file' ? fileBytes(full, stats.size) : undefined }
    if (kind === 'folder') yield* folderInputs(root, skip, name)
  }
}

/** The archive of `first` (e.g. a manifest) then every folder and file under `root` that `skip` does not name. */
export function packFolder(
  root: string,
  options: { first?: readonly TarInput[]; skip?: (name: string) => boolean } = {},
): AsyncGenerator<Uint8Array> {
  const skip = options.skip ?? (() => false)
  return packEntries(
    (async function* () {
      yield* options.first ?? []
      yield* folderInputs(root, skip)
    })(),
  )
}

/** Exactly n bytes at a time from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = []
  private buffered = 0
  private readonly source: AsyncIterator<Uint8Array>

  constructor(source: AsyncIterable<Uint8Array>) {
    this.source = source[Symbol.asyncIterator]()
  }

  async exactly(n: number): Promise<Buffer> {
    while (this.buffered < n) {
      const next = await this.source.next()
      if (next.done) throw new TarError('The archive is cut short: it ends in the middle of an entry.')
      const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength)
      this.chunks.push(chunk)
      this.buffered += chunk.length
    }
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks)
    this.chunks = all.length > n ? [all.subarray(n)] : []
    this.buffered -= n
    return all.subarray(0, n)
  }
}

function readText(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length)
  const end = field.indexOf(0)
  return field.subarray(0, end === -1 ? length : end).toString('utf8')
}

function readOctal(header: Buffer, offset: number, length: number, what: string): number {
  const text = readText(header, offset, length).trim()
  if (!/^[0-7]+$/.test(text)) throw new TarError(`The archive is damaged: a header's ${what} is not a number.`)
  return Number.parseInt(text, 8)
}

function decodeHeader(header: Buffer): TarEntry {
  if (readOctal(header, 148, 8, 'checksum') !== checksum(header)) {
    throw new TarError('The archive is damaged: a header does not match its checksum.')
  }
  const prefix = readText(header, 345, 155)
  const raw = readText(header, 0, 100)
  const full = prefix === '' ? raw : `${prefix}/${raw}`
  const type = header[156]
  // '0' and NUL are files, '5' folders; links, devices and extended headers never come from a data folder.
  const kind = type === 0x30 || type === 0 ? 'file' : type === 0x35 ? 'folder' : undefined
  if (kind === undefined) {
    throw new TarError(`The archive holds ${full}, which is neither a file nor a folder (type ${String(type)}).`)
  }
  return {
    name: full.replace(/\/+$/, ''),
    kind,
    mode: readOctal(header, 100, 8, 'mode'),
    mtime: new Date(readOctal(header, 136, 12, 'time') * 1000),
    size: kind === 'file' ? readOctal(header, 124, 12, 'size') : 0,
  }
}

/**
 * The entries of an archive, in order, each with its bytes. Read an entry's
 * bytes before asking for the next entry; bytes left unread are skipped.
 * Throws TarError when the archive ends without its end marker.
 */
export async function* readEntries(
  source: AsyncIterable<Uint8Array>,
): AsyncGenerator<{ entry: TarEntry; data: AsyncGenerator<Buffer> }> {
  const reader = new ByteReader(source)
  for (;;) {
    const header = await reader.exactly(BLOCK)
    if (header.every((byte) => byte === 0)) return
    const entry = decodeHeader(header)
    let left = entry.size
    const data = (async function* () {
      while (left > 0) {
        const piece = await reader.exactly(Math.min(CHUNK, left))
        left -= piece.length
        yield piece
      }
    })()
    yield { entry, data }
    while (left > 0) left -= (await reader.exactly(Math.min(CHUNK, left))).length
    await reader.exactly(padding(entry.size).length)
  }
}

/** The whole of an entry's bytes (a small one: a manifest). */
export async function readAll(data: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of data) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/**
 * Where `name` lands under `root`, or a TarError for a name that would leave
 * it (absolute, `..`, empty parts): an archive from elsewhere must not write
 * outside the folder it is restored into.
 */
export function placeUnder(root: string, name: string): string {
  const parts = name.split('/')
  if (
    name === '' ||
    name.startsWith('/') ||
    parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\'))
  ) {
    throw new TarError(
      `The archive holds ${JSON.stringify(name)}, a path that would leave the folder it is restored into.`,
    )
  }
  return path.join(root, ...parts)
}

/** Writes a folder or file entry under `root` (its parent folders made as needed), with its mode and time. */
export async function writeEntry(root: string, entry: TarEntry, data: AsyncIterable<Buffer>): Promise<void> {
  const target = placeUnder(root, entry.name)
  if (entry.kind === 'folder') {
    await mkdir(target, { recursive: true, mode: entry.mode & 0o7777 })
    return
  }
  await mkdir(path.dirname(target), { recursive: true })
  // 'wx': an archive naming one file twice is damaged, not a newer version of it.
  const handle = await open(target, 'wx', entry.mode & 0o7777)
  try {
    for await (const chunk of data) await handle.write(chunk)
  } finally {
    await handle.close()
  }
  await utimes(target, entry.mtime, entry.mtime)
}
