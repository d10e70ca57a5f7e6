// @vitest-environment node
// The bucket client against a real S3-compatible server on loopback, which
// checks each request's SigV4 signature.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalS3, type LocalS3 } from './local-s3-server'
import { createS3Objects, materialObjectKey, ObjectStorageError, objectUrl, type BucketObjects } from './s3-objects'

/** Resolves to the error a promise rejects with (fails the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected the call to fail'),
    (error: unknown) => error,
  )
}

describe('createS3Objects', () => {
  let s3: LocalS3
  let objects: BucketObjects

  beforeAll(async () => {
    s3 = await startLocalS3()
    objects = createS3Objects(s3.settings)
  })
  afterAll(() => s3?.close())

  it('puts, gets and deletes an object under its key', async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i)
    const key = materialObjectKey('0123456789abcdef0123456789abcdef')
    expect(key).toBe('materials/0123456789abcdef0123456789abcdef')

    await objects.put(key, bytes, 'application/pdf')
    expect(await s3.keys()).toContain(key)
    expect(await objects.get(key)).toEqual(bytes)

    await objects.delete(key)
    expect(await s3.keys()).not.toContain(key)
    expect(await objects.get(key)).toBeUndefined()
  })

  it('answers undefined for a key with no object, and deletes one without complaint', async () => {
    expect(await objects.get(materialObjectKey('ffffffffffffffffffffffffffffffff'))).toBeUndefined()
    await expect(objects.delete(materialObjectKey('ffffffffffffffffffffffffffffffff'))).resolves.toBeUndefined()
  })

  it('replaces an object put twice under one key', async () => {
    const key = materialObjectKey('11111111111111111111111111111111')
    await objects.put(key, new TextEncoder().encode('first'), 'text/plain')
    await objects.put(key, new TextEncoder().encode('second'), 'text/plain')
    expect(new TextDecoder().decode(await objects.get(key))).toBe('second')
    await objects.delete(key)
  })

  it('is refused with a wrong secret, and stores nothing', async () => {
    const before = await s3.keys()
    const forged = createS3Objects({ ...s3.settings, secretAccessKey: 'not-the-secret' })
    const key = materialObjectKey('22222222222222222222222222222222')

    const put = await failure(forged.put(key, new Uint8Array([1, 2, 3]), 'text/plain'))
    expect(put).toBeInstanceOf(ObjectStorageError)
    expect(put).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' })
    expect(await s3.keys()).toEqual(before)

    await objects.put(key, new Uint8Array([1, 2, 3]), 'text/plain')
    // A refused read is an error, never "no such file".
    expect(await failure(forged.get(key))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' })
    expect(await failure(forged.delete(key))).toMatchObject({ status: 403 })
    expect(await objects.get(key)).toEqual(new Uint8Array([1, 2, 3]))
    await objects.delete(key)
  })

  it('reports a missing bucket as an error rather than a missing object', async () => {
    const elsewhere = createS3Objects({ ...s3.settings, bucket: 'no-such-bucket' })
    const error = await failure(elsewhere.get(materialObjectKey('33333333333333333333333333333333')))
    expect(error).toMatchObject({ status: 404, code: 'NoSuchBucket' })
    expect((error as Error).message).toBe('S3 GET materials/33333333333333333333333333333333 failed: 404 NoSuchBucket')
  })
})

describe('createS3Objects against a bucket that never answers', () => {
  let server: Server
  let endpoint: string
  beforeAll(async () => {
    // Accepts the connection and never answers.
    server = createServer(() => {})
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('gives up after its timeout', async () => {
    const objects = createS3Objects(
      { bucket: 'b', endpoint, region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true },
      { timeoutMs: 200 },
    )
    const started = performance.now()
    expect(await failure(objects.get('materials/x'))).toMatchObject({ name: 'TimeoutError' })
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})

describe('objectUrl', () => {
  const key = 'materials/abc'

  it("uses AWS's regional endpoint and the bucket's own host by default", () => {
    const settings = { bucket: 'studyhub-files', endpoint: undefined, region: 'eu-west-1', forcePathStyle: false }
    expect(objectUrl(settings, key).href).toBe('https://studyhub-files.s3.eu-west-1.amazonaws.com/materials/abc')
  })

  it('puts the bucket in the path with path-style addressing, after any path of the endpoint', () => {
    const minio = { bucket: 'files', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true }
    expect(objectUrl(minio, key).href).toBe('http://127.0.0.1:9000/files/materials/abc')
    const proxied = { ...minio, endpoint: 'https://storage.example.com/s3/' }
    expect(objectUrl(proxied, key).href).toBe('https://storage.example.com/s3/files/materials/abc')
  })

  it('prefixes the endpoint host with the bucket for virtual-hosted addressing', () => {
    const r2 = {
      bucket: 'files',
      endpoint: 'https://acct.r2.cloudflarestorage.com',
      region: 'auto',
      forcePathStyle: false,
    }
    expect(objectUrl(r2, key).href).toBe('https://files.acct.r2.cloudflarestorage.com/materials/abc')
  })

  it('encodes each segment of a key', () => {
    const settings = { bucket: 'b', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true }
    expect(objectUrl(settings, 'materials/a b?#').pathname).toBe('/b/materials/a%20b%3F%23')
  })
})
