// Where the app saves its query cache (the first-paint state) in localStorage:
// its own module, with nothing else in it, so the tests that read or clear the
// saved state name it from here without starting the app's persistence.
export const QUERY_CACHE_KEY = 'studyhub-query-cache'
