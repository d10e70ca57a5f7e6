// The accessibility scan the fixtures run (./fixtures.ts): wait until the
// page has settled, run axe-core's WCAG A/AA rules in it, and remember the
// page as scanned so that an unchanged page is not scanned twice. A run makes
// hundreds of scans, so each step here is as cheap as a trustworthy scan
// allows (docs/testing.md, "Scans only what changed").
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type AxeCore from 'axe-core'
import type { BrowserContext, Page } from '@playwright/test'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations']

/**
 * Waits until the page has settled enough for a meaningful scan. `quietMs`:
 * how long the DOM must stay unchanged; short when only the page's look
 * changed under a settled page (its theme, its size).
 */
export async function settle(page: Page, quietMs = 150): Promise<void> {
  await page.waitForLoadState('load')
  // Lazy routes and their data render after `load`. Network quiet is no sign
  // here (the service worker precaches in the background), so wait for the
  // DOM to stop changing for `quietMs` with nothing `aria-busy`, or 3 s at
  // most (a slideshow never stops); then, past that, up to 5 s more for
  // anything still busy. One call in the page: polling for `aria-busy` from
  // here as a second step cost about 170 ms a scan.
  const stillBusy = await page.evaluate(
    (quietMs) =>
      new Promise<boolean>((resolve) => {
        const busy = () => document.querySelector('[aria-busy="true"]') !== null
        const observer = new MutationObserver(() => {
          clearTimeout(quiet)
          quiet = setTimeout(check, quietMs)
        })
        let quiet = setTimeout(check, quietMs)
        const deadline = setTimeout(() => done(busy()), 3_000)
        function check() {
          if (!busy()) done(false)
        }
        function done(busyStill: boolean) {
          observer.disconnect()
          clearTimeout(quiet)
          clearTimeout(deadline)
          resolve(busyStill)
        }
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
      }),
    quietMs,
  )
  if (stillBusy) {
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, null, { timeout: 5_000 })
  }
}

export function formatViolations(url: string, label: string, violations: Violations) {
  const lines = [`${violations.length} accessibility violation(s) on ${url}${label ? ` (${label})` : ''}:`]
  for (const v of violations) {
    lines.push(`  • [${v.impact ?? 'unknown'}] ${v.id}: ${v.help}`)
    lines.push(`    ${v.helpUrl}`)
    for (const node of v.nodes.slice(0, 5)) {
      lines.push(`    - ${node.target.join(' ')}`)
      const summary = node.failureSummary?.split('\n').slice(1).join('; ').trim()
      if (summary) lines.push(`      ${summary}`)
    }
    if (v.nodes.length > 5) lines.push(`    … and ${v.nodes.length - 5} more element(s)`)
  }
  return lines.join('\n')
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * Puts axe into every document the context opens, from its first script on
 * (init scripts are outside the page's Content-Security-Policy, like
 * `page.evaluate`). Chromium keeps the compiled script between documents, so
 * a document costs about 60 ms of it here, against about 200 ms (550 ms on a
 * busy 2-core machine) to send and compile axe into each one on its first
 * scan, and a run scans hundreds of documents.
 */
export async function installAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: AXE_SOURCE })
}

/**
 * axe's WCAG violations on the page. A page with no frames is scanned by
 * axe.run in the page itself (put there by installAxe, or here for a page
 * opened before it): AxeBuilder injects axe again on every call and finishes
 * each scan in a new blank page of the context, about 1.5 s a scan here
 * against 0.1–0.3 s, and a run makes hundreds of scans. The same rules and
 * tags either way; a page with frames (a material's viewer) goes through
 * AxeBuilder, which scans inside them.
 */
export async function runAxe(page: Page, exclude: string[]): Promise<Violations> {
  const frames = await framesAxeRunsIn(page)
  if (frames > 0) {
    let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS)
    for (const selector of exclude) builder = builder.exclude(selector)
    return (await builder.analyze()).violations
  }
  const scan = () =>
    page.evaluate(
      async ({ tags, exclude }) => {
        const axe = (window as unknown as { axe?: typeof AxeCore }).axe
        if (!axe) return null
        const context = exclude.length > 0 ? { include: [document], exclude: exclude.map((s) => [s]) } : document
        const results = await axe.run(context as AxeCore.ElementContext, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
          // Only frames where nothing runs are left (framesAxeRunsIn): axe would wait on each for its answer.
          iframes: false,
        })
        return JSON.parse(JSON.stringify(results.violations)) as Violations
      },
      { tags: WCAG_TAGS, exclude },
    )
  const violations = await scan()
  if (violations) return violations
  await page.evaluate(AXE_SOURCE)
  return (await scan())!
}

/**
 * The page's frames axe can run in. A frame sandboxed without scripts (a
 * demo mail's HTML) runs nothing, axe included: its frame element is scanned
 * with the page, and what it shows is checked where it is made (the mail
 * templates' own tests).
 */
async function framesAxeRunsIn(page: Page): Promise<number> {
  let count = 0
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue
    const sandbox = await (await frame.frameElement()).getAttribute('sandbox')
    if (sandbox === null || /\ballow-scripts\b/.test(sandbox)) count += 1
  }
  return count
}

/** The in-page record of the last scan: the page as axe saw it, until anything in it changes. */
const SCANNED_STATE = '__a11yScannedState'

/** What the record holds: whether the DOM is untouched since, and the size and focus it was scanned at. */
interface ScanMark {
  clean: boolean
  width: number
  height: number
  focus: Element | null
}

/**
 * Marks the page as scanned as it is now: a change to its DOM, its size or
 * its focus clears the mark, and so does a new document.
 */
export async function markScanned(page: Page): Promise<void> {
  await page.evaluate((key) => {
    const state: ScanMark = { clean: true, width: innerWidth, height: innerHeight, focus: document.activeElement }
    Object.assign(window, { [key]: state })
    const observer = new MutationObserver(() => {
      state.clean = false
      observer.disconnect()
    })
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  }, SCANNED_STATE)
}

/** Whether the page is still exactly as its last scan saw it, so a scan now would repeat that one. */
export async function unchangedSinceScan(page: Page): Promise<boolean> {
  return page.evaluate((key) => {
    const state = (window as unknown as Record<string, ScanMark | undefined>)[key]
    return (
      state?.clean === true &&
      state.width === innerWidth &&
      state.height === innerHeight &&
      state.focus === document.activeElement
    )
  }, SCANNED_STATE)
}
