import { chooseTheme, useTheme } from './theme'

/** The header's dark-theme switch: a 44 px toggle button whose pressed state is dark. */
export function ThemeToggle() {
  const theme = useTheme()
  const dark = theme === 'dark'
  return (
    <button
      type="button"
      aria-pressed={dark}
      onClick={() => chooseTheme(dark ? 'light' : 'dark')}
      className="inline-flex h-11 w-11 items-center justify-center rounded text-ink hover:bg-muted-strong"
    >
      <span className="sr-only">Dark theme</span>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {dark ? (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        ) : (
          <path d="M12 4V2M12 22v-2M4 12H2M22 12h-2M5.6 5.6 4.2 4.2M19.8 19.8l-1.4-1.4M5.6 18.4l-1.4 1.4M19.8 4.2l-1.4 1.4M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z" />
        )}
      </svg>
    </button>
  )
}
