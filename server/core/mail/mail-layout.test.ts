// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { isolated, mailHtml, mailText, oneLine, type MailContent } from './mail-layout'

const content: MailContent = {
  subject: 'Subject & more',
  preview: ['A preview'],
  dateline: 'Wed 2 Dec 2026, 17:00 CET',
  heading: 'Heading <h>',
  paragraphs: [
    ['Hi ', { user: 'Ann\nSmith' }, ','],
    ['See ', { text: 'the page', url: 'https://a.test/x?y=1&z=2' }],
  ],
  details: [['When', 'Now']],
  action: { label: 'Open it', url: 'https://a.test/open?a=1&b=2' },
  after: [['Ignore it otherwise.']],
  footer: [[{ text: 'Unsubscribe', url: 'https://a.test/unsubscribe/t' }]],
}

describe('one content as two parts', () => {
  it('keeps a value on one line and isolates a user value', () => {
    expect(oneLine(' a\r\n\tb\u0085c\u2028d  e ')).toBe('a b c d e')
    expect(isolated('\u202Eabc\n')).toBe('\u2068\u202Eabc\u2069')
  })

  it('writes the text part with every link in full and the footer after the signature separator', () => {
    const text = mailText(content)
    expect(text).toBe(
      [
        'StudyHub · Wed 2 Dec 2026, 17:00 CET',
        'Heading <h>',
        'Hi \u2068Ann Smith\u2069,',
        'See the page: https://a.test/x?y=1&z=2',
        'When: Now',
        'Open it: https://a.test/open?a=1&b=2',
        'Ignore it otherwise.',
        '-- \nUnsubscribe: https://a.test/unsubscribe/t',
      ].join('\n\n') + '\n',
    )
  })

  it('writes the HTML part with the same words, links as anchors, everything escaped', () => {
    const html = mailHtml(content)
    expect(html).toContain('<title>Subject &amp; more</title>')
    expect(html).toContain('Heading &lt;h&gt;</h1>')
    expect(html).toContain('Hi \u2068Ann Smith\u2069,')
    expect(html).toContain('<a href="https://a.test/x?y=1&amp;z=2"')
    expect(html).toContain('>Open it</a>')
    expect(html).toContain('>https://a.test/open?a=1&amp;b=2</a>')
    expect(html).toContain('>A preview</div>')
    expect(html).toContain('>When</th>')
    // Phones: the viewport is the device's, the column at most 560 pixels wide.
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(html).toContain('max-width:560px')
    // Nothing to fetch from elsewhere: no image, stylesheet or font.
    expect(html).not.toMatch(/<img|<link|url\(|@import/i)
  })
})
