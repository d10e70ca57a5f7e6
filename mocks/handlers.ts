// The demo server's request handlers: every route of src/contract, over the
// demo database (mocks/db). The same list runs in the service worker of a
// demo build and under msw/node in tests.
import type { RequestHandler } from 'msw'

export const handlers: RequestHandler[] = []
