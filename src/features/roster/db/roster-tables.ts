// The roster feature's kind of outbox entry: a tutor's attendance mark that
// waits for the server (../offline/attendance-outbox.ts). It has no table of
// its own; its entries live in the shared outbox (docs/decisions/0062), and
// the roster itself is a kept answer (src/shared/db/kept-answers.ts).
import type { Attendance } from '#contract/entities'
import type { OutboxEntry } from '#shared/db/app-db'

/** The attendance marks' kind of outbox entry. */
export const ATTENDANCE_KIND = 'attendance-mark'

/** A mark: its subject is the booking's id, its payload the mark. */
export type AttendanceEntry = OutboxEntry<{ attendance: Attendance }> & { kind: typeof ATTENDANCE_KIND }
