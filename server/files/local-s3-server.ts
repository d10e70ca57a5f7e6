// For tests: a real S3-compatible server on loopback (@20minutes/s3rver, which
// checks SigV4 signatures against its one account, S3RVER/S3RVER), keeping its
// objects in a temporary folder removed on close, with one bucket made at start.
// The upstream `s3rver` package checks only the access key id of a SigV4
// request, so it would accept a wrong secret: this fork verifies the signature.
import S3rver from '@20minutes/s3rver'
import { AwsClient } from 'aws4fetch'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { S3Settings } from './s3-objects'

export const LOCAL_S3_KEY = 'S3RVER'

export interface LocalS3 {
  /** Settings that reach the bucket, path-style, with the server's account. */
  settings: S3Settings
  /** Every key in the bucket, read straight from the server (not through the client under test). */
  keys(): Promise<string[]>
  close(): Promise<void>
}

export async function startLocalS3(bucket = 'studyhub-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'studyhub-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  let address
  try {
    address = await server.run()
  } catch (error) {
    rmSync(directory, { recursive: true, force: true })
    throw error
  }
  const endpoint = `http://127.0.0.1:${address.port}`
  const settings: S3Settings = {
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: LOCAL_S3_KEY,
    secretAccessKey: LOCAL_S3_KEY,
    forcePathStyle: true,
  }
  const lister = new AwsClient({
    accessKeyId: LOCAL_S3_KEY,
    secretAccessKey: LOCAL_S3_KEY,
    service: 's3',
    region: 'us-east-1',
  })
  return {
    settings,
    async keys() {
      const response = await lister.fetch(`${endpoint}/${bucket}?list-type=2&max-keys=1000`)
      const xml = await response.text()
      if (!response.ok) throw new Error(`Listing the bucket failed: ${response.status} ${xml}`)
      return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!).sort()
    },
    async close() {
      try {
        await server.close()
      } finally {
        rmSync(directory, { recursive: true, force: true })
      }
    },
  }
}
