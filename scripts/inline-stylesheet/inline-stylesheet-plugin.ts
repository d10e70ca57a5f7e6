// Puts the app's stylesheet inside the built index.html, as a <style>
// (docs/performance.md, "Nothing blocks the first paint").
//
// A stylesheet holds the first paint back until it has arrived. As a file it
// was a second request after the page's, sharing a phone network's link with
// the entry chunk and the hero image: a first visit on Slow 4G painted the
// home page's cards at 1.35 s; inline, at 0.69 s. The whole stylesheet is
// about 7 KiB with gzip, one Tailwind file every route uses, so the page
// carries all of it rather than a "critical" part that would need a second
// request anyway. The page itself is revalidated on each load and kept by
// the service worker, so a start from the home screen reads it from there.
//
// It runs among index.html's last transforms, before the
// Content-Security-Policy's (style-src allows inline styles; the policy hashes
// scripts only). The file stays in the build, for a page that still links it.
import type { Plugin, ResolvedConfig, Rollup } from 'vite'

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)"\s*\/?>/g

export function inlineStylesheetPlugin(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'studyhub:inline-stylesheet',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        return html.replace(STYLESHEET_LINK, (_link, href: string) => {
          const file = href.startsWith(config.base) ? href.slice(config.base.length) : href
          const asset = bundle[file] as Rollup.OutputAsset | undefined
          if (asset?.type !== 'asset') throw new Error(`inline-stylesheet: ${href} is not a file of this build`)
          // "</style" inside the CSS would end the element early; Tailwind's output has none, and a build that
          // had one must fail rather than ship a broken page.
          const css = String(asset.source)
          if (/<\/style/i.test(css)) throw new Error(`inline-stylesheet: ${href} contains "</style"`)
          // The link stays, disabled (never fetched, never applied): Vite's loader of a lazy chunk fetches the
          // stylesheets the chunk's importers had unless the page already links them, and would load this one again.
          return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled />`
        })
      },
    },
  }
}
