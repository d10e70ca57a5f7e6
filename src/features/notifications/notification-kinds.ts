// Each kind of notification as a user reads it in Settings and on an
// unsubscribe page, and whose kinds each role gets (docs/rules/notifications.md
// says who is told what): a student is shown student kinds only, and so on.
import type { NotificationKind, Role } from '#contract/entities'

export const KIND_LABELS: Record<NotificationKind, string> = {
  'booking-approved': 'Booking approved',
  'booking-rejected': 'Booking rejected',
  'booking-promoted': 'A seat from the waiting list',
  'booking-cancelled': 'Booking cancelled',
  'material-added': 'New study material',
  'class-reminder': 'Class reminders',
  'session-changed': 'A booked session changed',
  'session-moved': 'A booked class moved',
  'session-cancelled': 'A booked class cancelled',
  'session-approved': 'Your session approved',
  'session-rejected': 'Your session rejected',
  'material-approved': 'Your material approved',
  'material-rejected': 'Your material rejected',
  'booking-new': 'A new booking of your session',
  'session-review': 'A session to review',
  'material-review': 'A material to review',
}

export const KINDS_OF_ROLE: Record<Role, readonly NotificationKind[]> = {
  student: [
    'booking-approved',
    'booking-rejected',
    'booking-promoted',
    'booking-cancelled',
    'class-reminder',
    'session-changed',
    'session-moved',
    'session-cancelled',
    'material-added',
  ],
  tutor: ['booking-new', 'session-approved', 'session-rejected', 'material-approved', 'material-rejected'],
  admin: ['session-review', 'material-review'],
}
