// Record ids and file ids, from WebCrypto (the service worker and Node alike).

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A record id: 96 random bits in hex, shaped like a MongoDB ObjectId. */
export function newId(): string {
  return hex(crypto.getRandomValues(new Uint8Array(12)))
}

/** A file id: 128 random bits. */
export function newFileId(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)))
}

export const FILE_ID_PATTERN = /^[0-9a-f]{32}$/
