// Step 2 of `npm run bench`: demo code in a live build. Searches every file
// of the live build for msw's signature strings (and checks the same search
// finds them in the demo build, so a pass means something), and for a
// loopback address: a production build must not talk to an Auth emulator
// (only a build made with VITE_FIREBASE_AUTH_EMULATOR, as the browser
// tests' is, may).
import { readFile } from 'node:fs/promises'
import { dirname, relative } from 'node:path'
import { PAGE_RENDERER_PATH } from '../src/contract/first-paint.ts'
import { log } from './bench-env.mjs'
import { listFiles } from './bundle-report.mjs'

/** msw's own strings; none may appear in a live build. */
const MSW_SIGNATURES = ['[MSW]', 'x-msw-intention', 'msw-websocket-clients', '@mswjs', 'mswjs', 'MSW_']

/** host:port on this machine, as an Auth emulator's address reads (VITE_FIREBASE_AUTH_EMULATOR). */
const LOOPBACK_ADDRESS = /\b(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\]):\d{1,5}\b/g

async function textFiles(outDir) {
  const files = []
  for (const path of await listFiles(outDir)) {
    if (!/\.(m?js|html|json|webmanifest)$/.test(path) || path.includes('/.vite/')) continue
    files.push({ file: relative(outDir, path), text: await readFile(path, 'utf8') })
  }
  return files
}

async function findSignatures(outDir) {
  const hits = []
  for (const { file, text } of await textFiles(outDir)) {
    for (const signature of MSW_SIGNATURES) if (text.includes(signature)) hits.push({ file, signature })
  }
  return hits
}

/**
 * The server's page renderer (ADR 0043) bundles the Firebase SDK whole, with its
 * default emulator address; it runs only on the API server, which never serves
 * that folder and never signs in, so only what a browser gets is searched.
 */
const SERVER_ONLY = `${dirname(PAGE_RENDERER_PATH)}/`

async function findLoopbackAddresses(outDir) {
  const hits = []
  for (const { file, text } of await textFiles(outDir)) {
    if (file.startsWith(SERVER_ONLY)) continue
    for (const [address] of text.matchAll(LOOPBACK_ADDRESS)) hits.push({ file, address })
  }
  return hits
}

/** Prints what it found; `failed` says whether the live build carries demo code or a loopback address. */
export async function checkDemoCode(demoDir, liveDir) {
  const liveHits = await findSignatures(liveDir)
  const demoHits = await findSignatures(demoDir)
  log('\n== msw in the live build ==')
  if (liveHits.length > 0) {
    log(`FAIL: msw code in the live build: ${liveHits.map((h) => `${h.file} (${h.signature})`).join(', ')}`)
  } else if (demoHits.length === 0) {
    log('none found, but the signatures were not found in the demo build either: the search proves little')
  } else {
    log(`none (the same search finds ${demoHits.length} signature hit(s) in the demo build, e.g. ${demoHits[0].file})`)
  }
  const loopbackHits = await findLoopbackAddresses(liveDir)
  log('\n== Auth emulator (loopback) address in the live build ==')
  log(
    loopbackHits.length > 0
      ? `FAIL: ${loopbackHits.map((h) => `${h.file} (${h.address})`).join(', ')}`
      : 'none (built without VITE_FIREBASE_AUTH_EMULATOR, it names no address on this machine)',
  )
  return {
    mswInLiveBuild: { hits: liveHits, demoBuildHits: demoHits.length },
    loopbackInLiveBuild: { hits: loopbackHits },
    failed: liveHits.length > 0 || loopbackHits.length > 0,
  }
}
