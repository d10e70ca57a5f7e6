// The contract's headers that the app's first load needs (the first paint's
// page total, the app's mark on its own writes), apart from the route table in
// ./routes.ts: a module the first load imports is shipped whole with it, and the
// table (about 1 KiB gzip, growing with every route) is needed only once the
// HTTP client loads (docs/decisions/0053-axios-after-the-first-paint.md).
// ./routes.ts names them too, for everything else.

/** The total of a `paged` list's items, in its answer. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count'
/**
 * Sent by the app on every write: a header an HTML form cannot send, so a
 * write that carries it was made by script, and a script on another origin
 * must first pass a CORS preflight (docs/decisions/0034-no-cross-site-api.md).
 */
export const CLIENT_HEADER = 'X-StudyHub-Client'
export const CLIENT_HEADER_VALUE = 'app'
