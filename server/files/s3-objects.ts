// Material files' bytes in an S3-compatible bucket (AWS S3, MinIO, Cloudflare
// R2, ...), when the server is configured with FILE_STORAGE=s3: three calls
// (put, get, delete), signed with SigV4 by aws4fetch over the platform's
// fetch. The rows that say which file is which stay in PostgreSQL
// (../db/pg-store/files.ts); the bucket holds bytes only, one object per file, at
// `materials/<fileId>` (docs/decisions/0014-files-in-a-bucket.md).
import { AwsClient } from 'aws4fetch'

/** Bytes by key: what the store needs from a bucket. */
export interface BucketObjects {
  put(key: string, bytes: Uint8Array, type: string): Promise<void>
  /** Undefined when no object has that key. */
  get(key: string): Promise<Uint8Array | undefined>
  /** Deleting a key that has no object is not an error (S3 answers the same). */
  delete(key: string): Promise<void>
}

export interface S3Settings {
  bucket: string
  /** The service's URL; AWS's regional endpoint when unset. */
  endpoint: string | undefined
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint host>/<key>` (MinIO and most self-hosted services). */
  forcePathStyle: boolean
}

export interface S3ObjectsOptions {
  /** Per call, retries included (default 30 s): a bucket that hangs must not hold a request forever. */
  timeoutMs?: number
  /** Retries of a 5xx or 429 answer (default 3). */
  retries?: number
}

/** The key of a material file's object. */
export const materialObjectKey = (fileId: string): string => `materials/${fileId}`

/** A bucket's answer other than the ones a call expects. */
export class ObjectStorageError extends Error {
  constructor(
    readonly status: number,
    /** S3's error code (`SignatureDoesNotMatch`, `NoSuchBucket`, ...) when the answer names one. */
    readonly code: string | undefined,
    operation: string,
    key: string,
  ) {
    super(`S3 ${operation} ${key} failed: ${status}${code ? ` ${code}` : ''}`)
    this.name = 'ObjectStorageError'
  }
}

/** AWS's endpoint of a region, when none is configured. */
const awsEndpoint = (region: string): string => `https://s3.${region}.amazonaws.com`

/** Where an object lives, path-style or virtual-hosted. */
export function objectUrl(
  settings: Pick<S3Settings, 'bucket' | 'endpoint' | 'region' | 'forcePathStyle'>,
  key: string,
) {
  const base = new URL(settings.endpoint ?? awsEndpoint(settings.region))
  const prefix = base.pathname.replace(/\/+$/, '')
  const path = key.split('/').map(encodeURIComponent).join('/')
  if (settings.forcePathStyle) {
    return new URL(`${base.origin}${prefix}/${encodeURIComponent(settings.bucket)}/${path}`)
  }
  return new URL(`${base.protocol}//${settings.bucket}.${base.host}${prefix}/${path}`)
}

/** S3's error code from an XML error body, if it has one. */
async function errorCode(response: Response): Promise<string | undefined> {
  const text = await response.text().catch(() => '')
  return /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1]
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

export function createS3Objects(settings: S3Settings, options: S3ObjectsOptions = {}): BucketObjects {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: options.retries ?? 3,
  })
  const timeoutMs = options.timeoutMs ?? 30_000

  const call = (key: string, init: RequestInit) =>
    client.fetch(objectUrl(settings, key), { ...init, signal: AbortSignal.timeout(timeoutMs) })

  return {
    async put(key, bytes, type) {
      // The payload's hash is signed, so the bucket refuses bytes changed on the way.
      const response = await call(key, {
        method: 'PUT',
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'Content-Type': type, 'X-Amz-Content-Sha256': await sha256Hex(bytes) },
      })
      if (!response.ok) throw new ObjectStorageError(response.status, await errorCode(response), 'PUT', key)
      await response.body?.cancel()
    },
    async get(key) {
      const response = await call(key, { method: 'GET' })
      if (response.ok) return new Uint8Array(await response.arrayBuffer())
      const code = await errorCode(response)
      // A missing bucket is a deployment fault, not a missing file.
      if (response.status === 404 && code !== 'NoSuchBucket') return undefined
      throw new ObjectStorageError(response.status, code, 'GET', key)
    },
    async delete(key) {
      const response = await call(key, { method: 'DELETE' })
      if (response.ok) {
        await response.body?.cancel()
        return
      }
      const code = await errorCode(response)
      if (response.status === 404 && code !== 'NoSuchBucket') return
      throw new ObjectStorageError(response.status, code, 'DELETE', key)
    },
  }
}
