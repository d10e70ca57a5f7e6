// The app's Content-Security-Policy (docs/decisions/0035-content-security-policy.md),
// built once per build by scripts/csp/csp-plugin.ts into a <meta> of
// index.html, with the hashes of the inline scripts of the final page. Every
// server that sends the page reads the policy back from that meta and sends it
// as a header too, adding what a meta cannot carry (frame-ancestors): vite
// preview (`npm start`) and the API server (APP_DIST_DIR). One source, so the
// header and the meta never disagree.
import { TRUSTED_TYPES_POLICY } from '../../src/contract/content-security.ts'

export interface PolicySources {
  /** VITE_API_URL: its origin may be called when it is another one than the app's. */
  apiUrl?: string
  /** A live build signs in with Firebase Auth: its REST hosts, its auth domain's frames, Google's api.js. */
  live: boolean
  /** VITE_FIREBASE_AUTH_DOMAIN of a live build. */
  firebaseAuthDomain?: string
  /** VITE_FIREBASE_AUTH_EMULATOR of an emulator build: its address, and only then. */
  emulatorUrl?: string
}

/** Only in a header: a meta cannot say who may frame the page. */
const HEADER_ONLY_DIRECTIVES = "frame-ancestors 'none'"

const FIREBASE_REST = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']
// The SDK loads Google's api.js for the sign-in popup's channel; nothing else runs from elsewhere.
const GOOGLE_API_SCRIPT = 'https://apis.google.com'

function originOf(url: string | undefined): string | null {
  if (!url) return null
  try {
    return new URL(url).origin
  } catch {
    // A path ("/api"): the app's own origin, already 'self'.
    return null
  }
}

/** The policy of the page: `sha256-…` of each inline script, and the hosts of this build. */
export function buildPolicy(inlineScriptHashes: readonly string[], sources: PolicySources): string {
  const api = originOf(sources.apiUrl)
  const emulator = originOf(sources.emulatorUrl)
  const authDomain = sources.firebaseAuthDomain ? `https://${sources.firebaseAuthDomain}` : null
  const present = (...values: (string | null | false | undefined)[]) => values.filter((v): v is string => Boolean(v))
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`), ...present(sources.live && GOOGLE_API_SCRIPT)],
    ],
    // React, the prerendered markup and framer-motion set style attributes, some
    // at run time, which no hash or nonce can cover; styles cannot run code
    // (docs/decisions/0035-content-security-policy.md, "Styles").
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Users' photos (an http or https URL, docs/product.md) and materials' images
    // are on any host; the viewer shows blob: copies. On an https deployment the
    // browser upgrades an http photo to https before it asks.
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', 'http:']],
    ['font-src', ["'self'"]],
    // blob: for the copies of files this page made (they never leave this origin).
    ['connect-src', ["'self'", 'blob:', ...present(api, ...(sources.live ? FIREBASE_REST : []), emulator)]],
    // The material viewer frames blob: copies (sandboxed unless a PDF); Firebase frames its auth domain.
    ['frame-src', ["'self'", 'blob:', ...present(sources.live && authDomain, sources.live && emulator)]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
  ]
  // Firebase's SDK and Google's api.js add <script src> with plain strings: a
  // live build cannot keep Trusted Types without a default policy, which would
  // only be a bypass. The demo build keeps them.
  if (!sources.live) {
    directives.push(['require-trusted-types-for', ["'script'"]], ['trusted-types', [TRUSTED_TYPES_POLICY]])
  }
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ')
}

const META = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*\/?>/i

/** The policy in a built index.html's meta, or null when it has none. */
export function policyInPage(html: string): string | null {
  const match = META.exec(html)
  return match
    ? match[1]!
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
    : null
}

/** The header for a page with this meta policy: the same, plus what only a header can say. */
export function policyHeader(pagePolicy: string): string {
  return `${pagePolicy}; ${HEADER_ONLY_DIRECTIVES}`
}

/** A meta tag for the policy (its quotes are single, so the attribute needs no escaping but &). */
export function policyMeta(policy: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" />`
}
