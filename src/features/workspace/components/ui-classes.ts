// Tailwind class strings shared by the workspace screens, so every form and
// table looks the same and meets the contrast rules in one place.
export const INPUT =
  'mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-slate-900 read-only:bg-slate-100 read-only:text-slate-700 disabled:bg-slate-100'
export const LABEL = 'block text-sm font-medium text-slate-800'
export const PRIMARY_BUTTON =
  'rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60'
export const SECONDARY_BUTTON =
  'rounded border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60'
export const SMALL_BUTTON = 'rounded px-2.5 py-1 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60'
export const APPROVE_BUTTON = `${SMALL_BUTTON} bg-green-700 text-white hover:bg-green-800`
export const DANGER_BUTTON = `${SMALL_BUTTON} bg-red-700 text-white hover:bg-red-800`
export const NEUTRAL_BUTTON = `${SMALL_BUTTON} bg-brand-700 text-white hover:bg-brand-900`
export const TABLE = 'min-w-full divide-y divide-slate-200 text-left text-sm'
export const TH = 'px-3 py-2 font-semibold text-slate-800'
export const TD = 'px-3 py-2 align-top text-slate-900'
export const ERROR_TEXT = 'mt-2 text-sm font-medium text-red-800'
export const MUTED = 'text-slate-700'
