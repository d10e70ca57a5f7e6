// Puts the Content-Security-Policy into the built index.html as a <meta>, with
// the sha256 of every inline script of the final page (the prerendered home's
// script, and any other a plugin adds), and sends the same policy as a header
// from `vite preview` (docs/decisions/0035-content-security-policy.md).
//
// It runs last among index.html's transforms (the last plugin of
// vite.config.ts), and after the bundle is written it reads the page back and
// fails the build if any inline script there is not in the policy, so a
// script added later cannot be silently blocked in production.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin, ResolvedConfig } from 'vite'
import { buildPolicy, policyHeader, policyInPage, policyMeta } from '../../server/http/content-security-policy.ts'

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

// A data block (the first paint's `<script type="application/json">`) is never
// run, and script-src does not govern it: it needs no hash.
const DATA_BLOCK = /\btype\s*=\s*["']?application\/json\b/i

/** `sha256-…` of each inline script's text, in page order. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes!) || DATA_BLOCK.test(attributes!)) continue
    hashes.push(`sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}`)
  }
  return hashes
}

const CHARSET = /<meta\s+charset="[^"]*"\s*\/?>/i

export function cspPlugin(): Plugin {
  let config: ResolvedConfig
  const outDir = () => resolve(config.root, config.build.outDir)
  const pagePath = () => join(outDir(), 'index.html')
  return {
    name: 'studyhub:content-security-policy',
    configResolved(resolved) {
      config = resolved
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (config.command !== 'build') return html
        const env = config.env as Record<string, string | undefined>
        const policy = buildPolicy(inlineScriptHashes(html), {
          apiUrl: env.VITE_API_URL,
          live: Boolean(env.VITE_API_URL),
          firebaseAuthDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
          emulatorUrl: env.VITE_FIREBASE_AUTH_EMULATOR,
        })
        // First in <head> after the charset: a meta policy governs only what follows it.
        if (!CHARSET.test(html)) throw new Error('csp: index.html needs <meta charset> first in <head>')
        return html.replace(CHARSET, (charset) => `${charset}\n    ${policyMeta(policy)}`)
      },
    },
    closeBundle: {
      order: 'post',
      handler() {
        if (config.command !== 'build' || config.build.ssr) return
        const html = readFileSync(pagePath(), 'utf8')
        const policy = policyInPage(html)
        if (!policy) throw new Error('csp: the built index.html has no Content-Security-Policy meta')
        const missing = inlineScriptHashes(html).filter((hash) => !policy.includes(`'${hash}'`))
        if (missing.length > 0) {
          throw new Error(`csp: inline scripts of the built index.html are not in its policy: ${missing.join(', ')}`)
        }
        // Static hosts that read _headers send the header too (frame-ancestors needs it).
        const headersFile = join(outDir(), '_headers')
        if (existsSync(headersFile)) {
          const headers = readFileSync(headersFile, 'utf8')
          writeFileSync(
            headersFile,
            headers.replace(/^\/\*\n/m, `/*\n  Content-Security-Policy: ${policyHeader(policy)}\n`),
          )
        }
      },
    },
    configurePreviewServer(server) {
      let header: string | null = null
      server.middlewares.use((_req, res, next) => {
        header ??= policyHeader(policyInPage(readFileSync(pagePath(), 'utf8')) ?? '')
        res.setHeader('Content-Security-Policy', header)
        next()
      })
    },
  }
}
