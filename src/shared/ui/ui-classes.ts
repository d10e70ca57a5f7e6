// Tailwind class strings shared by the workspace screens, so every form and
// table looks the same and meets the contrast rules in one place.
export const INPUT =
  'mt-1 block w-full rounded border border-line-strong bg-surface px-3 py-2 text-ink read-only:bg-muted read-only:text-ink-muted disabled:bg-muted aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger'
export const LABEL = 'block text-sm font-medium text-ink'
export const PRIMARY_BUTTON =
  'rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60'
export const SECONDARY_BUTTON =
  'rounded border border-line-strong bg-surface px-4 py-2 font-semibold text-ink hover:bg-muted disabled:opacity-60'
export const SMALL_BUTTON = 'rounded px-2.5 py-1 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60'
export const APPROVE_BUTTON = `${SMALL_BUTTON} bg-green-700 text-white hover:bg-green-800`
export const DANGER_BUTTON = `${SMALL_BUTTON} bg-red-700 text-white hover:bg-red-800`
export const NEUTRAL_BUTTON = `${SMALL_BUTTON} bg-brand-700 text-white hover:bg-brand-900`
export const TABLE = 'min-w-full divide-y divide-line text-left text-sm'
export const TH = 'px-3 py-2 font-semibold text-ink'
export const TD = 'px-3 py-2 align-top text-ink'
export const ERROR_TEXT = 'mt-2 text-sm font-medium text-danger'
