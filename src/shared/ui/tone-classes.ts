// The status tints, one place for every badge, banner and alert: a soft
// background with its own ink, both themed in src/index.css so each pair meets
// WCAG AA contrast in light and dark.
export const TONE = {
  success: 'bg-success-soft text-success-ink',
  warn: 'bg-warn-soft text-warn-ink',
  danger: 'bg-danger-soft text-danger-ink',
  info: 'bg-info-soft text-info-ink',
} as const

/** A review status (of a session or a booking) in its tint. */
export const STATUS_TONE = {
  pending: TONE.warn,
  approved: TONE.success,
  rejected: TONE.danger,
  waitlisted: TONE.info,
  cancelled: TONE.danger,
} as const

/** A boxed alert or notice: the tint with a border of its own ink. */
export const ALERT_BOX = `rounded border border-danger-ink/40 p-3 font-medium ${TONE.danger}`
export const NOTICE_BOX = `rounded border border-warn-ink/40 p-3 ${TONE.warn}`
