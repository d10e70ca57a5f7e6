// How long each text field may be, how big a request may get, and the range of
// every number and date a request may carry. One table for the forms
// (maxLength and their messages), both servers' validation (zod schemas in
// ./endpoints.ts) and the API server's database (CHECK constraints), so a
// value the form accepts is never refused later, and the reverse.
// docs/rules/limits.md explains the numbers.

export const TEXT_LIMITS = {
  /** A person's display name. */
  name: 100,
  /** Any email address (RFC 5321's practical maximum). */
  email: 254,
  /** A URL: photo, link, drive link. */
  url: 2048,
  sessionTitle: 150,
  subject: 80,
  sessionDescription: 5000,
  reviewComment: 2000,
  noteTitle: 150,
  noteDescription: 20_000,
  materialTitle: 150,
  materialDescription: 2000,
  /** The admin's user search box. */
  search: 100,
  /** Where a class meets: a room or an address. */
  location: 200,
  /** Why a tutor or an admin cancelled a class. */
  cancelReason: 500,
} as const

/** Largest JSON request body either server reads. The longest note fits with room to spare. */
export const MAX_JSON_BODY_BYTES = 256 * 1024

/** Largest material file. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024

/** Most seats a session may have; a session without a number of seats has no limit. */
export const MAX_SEATS = 10_000

/**
 * The instants a request may name (a session's dates, a search's bounds), in
 * UTC: the start of 1970 to the end of 2100. Any date of a real class fits;
 * every JavaScript runtime, PostgreSQL and iCalendar write these the same way.
 */
const EARLIEST_INSTANT_MS = Date.UTC(1970, 0, 1)
export const LATEST_INSTANT_MS = Date.UTC(2101, 0, 1) - 1
export const INSTANT_RANGE = 'between 1970-01-01 and 2100-12-31 (UTC)'

/** Whether a time (ms since the epoch) is one a request may name. */
export function isInstantInRange(ms: number): boolean {
  return ms >= EARLIEST_INSTANT_MS && ms <= LATEST_INSTANT_MS
}

/** Longest a session may last, in hours: six weeks around the clock, more than any class. */
export const MAX_DURATION_HOURS = 1000

/** Latest cancellation deadline a session may set, in hours before its class: a month. */
export const MAX_CANCEL_DEADLINE_HOURS = 720

/** Most meetings one session's schedule may make: a school year of three a week, with room to spare. */
export const MAX_MEETINGS = 200

/** Largest registration fee. */
export const MAX_FEE = 1_000_000

/** PostgreSQL's integer: the largest whole number a counted value (a note's revision) may be. */
export const MAX_INT4 = 2_147_483_647
