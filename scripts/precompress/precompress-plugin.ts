// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the
// build, once, at the end of `vite build`. The API server sends them as they
// are to a browser that accepts them (server/http/static-app.ts), so no
// request pays for compressing the same bytes again, and brotli at its
// highest level, too slow to run per request, takes a further 15-20 % off the
// scripts. The service worker's precache does not list them (its patterns
// name the files' own extensions), and a static host that does not know them
// serves the originals.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

/** Files worth compressing: text the browser asks for. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/
/** Below this, the headers cost more than compression saves (the server's on-the-fly threshold too). */
const MIN_BYTES = 1024

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path, base) : [relative(base, path)]
  })
}

/**
 * Writes `<file>.br` and `<file>.gz` for each compressible file of `dir` (but
 * those under `skip`, folders of code for the server), when each is smaller
 * than the file. Returns the files it compressed.
 */
export function precompressFolder(dir: string, skip: string[] = []): string[] {
  const done: string[] = []
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || skip.some((folder) => file.startsWith(`${folder}/`))) continue
    const path = join(dir, file)
    const bytes = readFileSync(path)
    if (bytes.length < MIN_BYTES) continue
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    })
    const gzip = gzipSync(bytes, { level: 9 })
    if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli)
    if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip)
    done.push(file)
  }
  return done
}

/**
 * Last of the build's plugins: runs after every other one has written its
 * files (the prerendered page, the service worker, the policy checks).
 */
export function precompressPlugin(options: { skip?: string[] } = {}): Plugin {
  let config: ResolvedConfig
  return {
    name: 'studyhub-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (config.build.ssr) return
        precompressFolder(resolve(config.root, config.build.outDir), options.skip)
      },
    },
  }
}
