// The colour tokens of both themes (src/index.css) keep every text pair the
// components use at WCAG AA, 4.5:1 (docs/decisions/0044-dark-theme-from-tokens.md):
// a badge, a status tint, a tab, body text on each background.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const css = readFileSync(join(import.meta.dirname, 'index.css'), 'utf8')

function tokens(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]))
}

const light = tokens(/@theme\s*{([^}]*)}/.exec(css)![1]!)
const dark = { ...light, ...tokens(/:root\[data-theme='dark'\]\s*{([^}]*)}/.exec(css)![1]!) }

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

/** [text, background] token pairs the components draw. */
const PAIRS: [string, string][] = [
  ['on-badge', 'badge'],
  ...(['success', 'warn', 'danger', 'info'] as const).map((tone): [string, string] => [`${tone}-ink`, `${tone}-soft`]),
  ...['canvas', 'surface', 'muted'].flatMap((bg): [string, string][] => [
    ['ink', bg],
    ['ink-muted', bg],
    ['accent', bg],
  ]),
  ['accent', 'accent-soft'],
  ['danger', 'surface'],
]

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s theme', (_name, theme) => {
  it.each(PAIRS)('draws %s on %s at 4.5:1 or more', (text, background) => {
    expect(theme[text], text).toBeDefined()
    expect(theme[background], background).toBeDefined()
    expect(contrast(theme[text]!, theme[background]!)).toBeGreaterThanOrEqual(4.5)
  })
})

it('measures the old dark badge (white on the dark danger red) as failing', () => {
  expect(contrast('#ffffff', dark.danger!)).toBeLessThan(4.5)
})
