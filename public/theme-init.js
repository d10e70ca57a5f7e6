// Sets the theme on <html> before the first paint, so a remembered choice never
// flashes the other theme (docs/decisions/0044-dark-theme-from-tokens.md). A file,
// not an inline script, so a Content-Security-Policy needs no hash for it.
// The choice is kept only while it differs from the system setting; without
// one the system setting rules, live. The app's toggle writes the choice and
// fires a storage event, which also brings other open tabs along.
;(function () {
  var KEY = 'studyhub-theme'
  var COLORS = { light: '#1e3a8a', dark: '#0f172a' }
  var system = matchMedia('(prefers-color-scheme: dark)')
  function apply() {
    var saved = null
    try {
      saved = localStorage.getItem(KEY)
    } catch (e) {}
    if (saved !== 'light' && saved !== 'dark') saved = null
    document.documentElement.setAttribute('data-theme', saved || (system.matches ? 'dark' : 'light'))
    // Each theme-color meta answers its media query; a choice overrides both.
    document.querySelectorAll('meta[name="theme-color"]').forEach(function (meta) {
      var own = /dark/.test(meta.getAttribute('media') || '') ? 'dark' : 'light'
      meta.setAttribute('content', COLORS[saved || own])
    })
  }
  apply()
  system.addEventListener('change', apply)
  addEventListener('storage', function (event) {
    if (event.key === KEY || event.key === null) apply()
  })
})()
