// How long a write the user can take back waits before it goes out
// (docs/decisions/0078-phone-shell.md): a booking's cancel and a note's delete
// are held in the outbox (./outbox.ts, `holdUntil`) while their toast offers
// Undo. Its own module: the toast's side needs the numbers, not the outbox.

/** How long a cancel or a delete waits for its Undo before it may be sent. */
export const UNDO_HOLD_MS = 5000

/** How long its toast offers Undo: a second less than the hold, so an Undo pressed as it leaves still finds the write. */
export const UNDO_TOAST_MS = UNDO_HOLD_MS - 1000
