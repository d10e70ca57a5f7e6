// How long each text field may be, and how big a request may get. One table for
// the forms (maxLength and their messages), both servers' validation (zod
// schemas in ./endpoints.ts) and the API server's database (CHECK constraints),
// so a value the form accepts is never refused later, and the reverse.
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
} as const

/** Largest JSON request body either server reads. The longest note fits with room to spare. */
export const MAX_JSON_BODY_BYTES = 256 * 1024

/** Largest material file. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024

/** Most seats a session may have; a session without a number of seats has no limit. */
export const MAX_SEATS = 10_000
