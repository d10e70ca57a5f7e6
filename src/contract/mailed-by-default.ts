// The kinds of notification mailed unless the user says otherwise: decisions
// on a booking, a seat from the waiting list, a cancellation, a reminder, a
// class moved or cancelled. The
// servers' defaults (server/core/notification-preferences.ts), and what the
// app's "Email me instead" turns back on. Plain data, so the app ships no zod.
import type { NotificationKind } from './entities'

export const MAILED_BY_DEFAULT_KINDS: readonly NotificationKind[] = [
  'booking-approved',
  'booking-rejected',
  'booking-promoted',
  'booking-cancelled',
  'class-reminder',
  'session-moved',
  'session-cancelled',
]
