// What the conformance suite's hostile-string parts (hostile-strings-*.ts)
// share: the strings sent in parallel batches, so a part takes seconds per
// target, not minutes, and the checks that list every string a target got
// wrong, not only the first.
import { expect } from 'vitest'
import { HOSTILE_STRINGS } from '../../e2e/hostile-strings'

/** Calls in flight at once: enough to keep a target busy, few enough for the Auth emulator and PGlite. */
const BATCH = 16

/** `each` over every item, BATCH at a time; answers in the items' order. */
export async function inBatches<T, R>(items: readonly T[], each: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = []
  for (let at = 0; at < items.length; at += BATCH) {
    out.push(...(await Promise.all(items.slice(at, at + BATCH).map((item, k) => each(item, at + k)))))
  }
  return out
}

/**
 * What the servers keep of a text field: the whitespace around it removed,
 * nothing else changed. JavaScript's trim counts U+2028 and U+FEFF as whitespace.
 */
export const kept = (text: string) => text.trim()

export const quoted = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s)

/** Fails listing every string whose answer is not `status` (and, with `naming`, whose message does not name it). */
export function expectEach(
  answers: readonly { status: number; data: unknown }[],
  labels: readonly string[],
  status: number,
  naming?: (i: number) => string,
) {
  const wrong = answers.flatMap((answer, i) => {
    const message = (answer.data as { message?: unknown } | null)?.message
    const named = !naming || (typeof message === 'string' && message.includes(naming(i)))
    return answer.status === status && named
      ? []
      : [`${labels[i]} → ${answer.status} ${JSON.stringify(answer.data).slice(0, 160)}`]
  })
  expect(wrong, `answers other than ${status}${naming ? ' naming the field' : ''}`).toEqual([])
}

/** Fails listing each field that does not hold exactly what it should. */
export function expectStored(label: string, pairs: readonly { what: string; got: unknown; want: string }[]) {
  const wrong = pairs
    .filter((p) => p.got !== p.want)
    .map((p) => `${p.what}: ${quoted(String(p.got))} ≠ ${quoted(p.want)}`)
  expect(wrong, label).toEqual([])
}

export const STRING_LABELS = HOSTILE_STRINGS.map((s, i) => `string ${i + 1} ${quoted(s)}`)
