// When the on-screen keyboard opens, the page shrinks (index.html's viewport
// has interactive-widget=resizes-content), and the field being typed into may
// end up under the keyboard or the sticky header. After each resize the
// focused field is scrolled back into view; its scroll-margin (src/index.css)
// keeps it clear of the header.
const TYPED_INTO = 'input, textarea, select, [contenteditable="true"]'

export function keepFieldAboveKeyboard(): void {
  const viewport = window.visualViewport
  if (!viewport) return
  viewport.addEventListener('resize', () => {
    const field = document.activeElement
    if (field instanceof HTMLElement && field.matches(TYPED_INTO)) field.scrollIntoView({ block: 'nearest' })
  })
}
