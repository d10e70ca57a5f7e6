// A mail's two parts from one content: an HTML part (inline styles, one
// column that reads on a phone, no images or fonts to fetch) and a plain text
// part with the same words and every link in full. Written once for both
// servers, so plain TypeScript: no template engine, nothing of Node's or the
// browser's.
//
// Text a user wrote (a title, a name) is escaped in the HTML part and kept on
// one line in both parts; it is also isolated (Unicode's first-strong
// isolate), so a right-to-left title reads right to left without reordering
// the words around it, and a direction override in it ends with it.

/** A piece of a paragraph: our words, a user's words, or a link. */
export type Inline = string | { user: string } | { text: string; url: string }
export type Paragraph = readonly Inline[]

export interface MailContent {
  subject: string
  /** What a mail list shows under the subject before the mail is opened. */
  preview: Paragraph
  /** A small line above the heading (when it was sent). */
  dateline: string
  heading: string
  paragraphs: readonly Paragraph[]
  /** Label and value rows (a class's title, time and tutor). */
  details: readonly (readonly [label: string, value: Inline])[]
  action: { label: string; url: string }
  /** Paragraphs after the action (what to do if the mail was not expected). */
  after: readonly Paragraph[]
  /** Why the mail came and how to stop it, in small print. */
  footer: readonly Paragraph[]
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text as HTML text or an attribute value: nothing in it is markup. */
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)

/** A value on one line: line breaks, tabs and other control characters become spaces. */
export const oneLine = (value: string): string =>
  value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()

/** A user's words on one line, isolated from the text around them (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE). */
export const isolated = (value: string): string => `\u2068${oneLine(value)}\u2069`

function inlineText(piece: Inline): string {
  if (typeof piece === 'string') return piece
  if ('user' in piece) return isolated(piece.user)
  return `${piece.text}: ${piece.url}`
}

const STYLE = {
  page: 'margin:0;padding:0;background:#f3f4f6',
  card: "max-width:560px;background:#ffffff;border-radius:8px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1f2937",
  dateline: 'margin:0 0 4px;font-size:13px;color:#6b7280',
  heading: 'margin:0 0 16px;font-size:22px;line-height:1.3;color:#111827',
  paragraph: 'margin:0 0 16px',
  label:
    'padding:4px 12px 4px 0;vertical-align:top;color:#6b7280;font-weight:normal;text-align:left;white-space:nowrap',
  value: 'padding:4px 0;vertical-align:top',
  button:
    'display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600',
  link: 'color:#1d4ed8;word-break:break-all',
  footer: 'padding:16px 24px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:1.5;color:#6b7280',
} as const

function inlineHtml(piece: Inline): string {
  if (typeof piece === 'string') return escapeHtml(piece)
  if ('user' in piece) return escapeHtml(isolated(piece.user))
  return `<a href="${escapeHtml(piece.url)}" style="${STYLE.link}">${escapeHtml(piece.text)}</a>`
}

const paragraphHtml = (paragraph: Paragraph, style: string = STYLE.paragraph) =>
  `<p style="${style}">${paragraph.map(inlineHtml).join('')}</p>`

export function mailHtml(content: MailContent): string {
  const details =
    content.details.length === 0
      ? ''
      : `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${content.details
          .map(
            ([label, value]) =>
              `<tr><th scope="row" style="${STYLE.label}">${escapeHtml(label)}</th><td style="${STYLE.value}">${inlineHtml(value)}</td></tr>`,
          )
          .join('')}</table>`
  const url = escapeHtml(content.action.url)
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="${STYLE.page}">`,
    // The preview text, hidden once the mail is open: otherwise a list shows the dateline.
    `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${content.preview.map(inlineHtml).join('')}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${STYLE.card}">`,
    `<tr><td style="padding:24px">`,
    `<p style="${STYLE.dateline}">StudyHub · ${escapeHtml(content.dateline)}</p>`,
    `<h1 style="${STYLE.heading}">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((p) => paragraphHtml(p)),
    details,
    `<p style="margin:0 0 12px"><a href="${url}" style="${STYLE.button}">${escapeHtml(content.action.label)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">Or open this link: <a href="${url}" style="${STYLE.link}">${url}</a></p>`,
    ...content.after.map((p) => paragraphHtml(p)),
    `</td></tr>`,
    `<tr><td style="${STYLE.footer}">`,
    ...content.footer.map((p) => paragraphHtml(p, 'margin:0 0 8px')),
    `</td></tr></table>`,
    `</td></tr></table></body></html>`,
  ]
    .filter((line) => line !== '')
    .join('\n')
}

export function mailText(content: MailContent): string {
  const blocks = [
    `StudyHub · ${content.dateline}`,
    content.heading,
    ...content.paragraphs.map((p) => p.map(inlineText).join('')),
    content.details.map(([label, value]) => `${label}: ${inlineText(value)}`).join('\n'),
    `${content.action.label}: ${content.action.url}`,
    ...content.after.map((p) => p.map(inlineText).join('')),
    // The signature separator ("-- "): mail programs show what follows as the footer.
    ['-- ', ...content.footer.map((p) => p.map(inlineText).join(''))].join('\n'),
  ]
  return blocks.filter((block) => block !== '').join('\n\n') + '\n'
}
