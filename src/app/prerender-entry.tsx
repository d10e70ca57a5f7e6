// The home page as every first visit sees it before any script has run,
// rendered at build time into dist/index.html (scripts/prerender/) from the
// same components the app renders, so the hero's headline and first image
// paint without waiting for the JavaScript. main.tsx hydrates it on "/".
// A demo build also gets /study-sessions' first page, with its cards, as
// dist/study-sessions.html. A live build bundles this module for its API
// server, which renders "/" and /study-sessions' addresses with their sessions
// per request (renderPage; docs/decisions/0043-cards-rendered-on-the-server.md,
// 0066-every-study-sessions-address-comes-with-its-cards.md).
//
// What a first render cannot know is rendered as "not known yet", exactly as
// the client's first render shows it, so hydration matches: the session is
// still being checked (the navbar shows neither Login nor Dashboard), and
// every browser-only state (online, reduced motion, install offer, toasts)
// takes its server snapshot. The cards are rendered from the first-paint data
// when there is some (a demo build: the seed; the API server: its answer),
// which the page carries and main.tsx puts into the cache before hydrating;
// else the cache is empty ("Loading sessions…").
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom'
import { AuthProvider } from '#features/auth/auth-provider'
import type { AuthGateway } from '#features/auth/auth-identity'
import { HERO_SLIDES, type HeroSlide } from '#features/sessions/components/hero-slides'
import { RootLayout } from './layout/root-layout'
import { RouteError } from './layout/route-error'
import { createQueryClient } from './query-client'
import { Component as Home } from './routes/home'
import { Component as StudySessions } from './routes/study-sessions'
import { withPageMarkup } from './prerendered-page'
import { seedFirstPaint } from './first-paint-data'
import type { FirstPaintData } from '#contract/first-paint'

/**
 * The branches of router.tsx's route tree rendered ahead of the app: "/" at
 * build time, "/" and /study-sessions on the API server of a live build.
 * router.tsx itself creates the browser router when it loads, which needs a
 * document; a change there that this copy misses shows up as a hydration
 * mismatch, which fails the browser tests (their console guard).
 */
const renderedRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: Home },
      // No loader: the data is in the cache before the render.
      { path: 'study-sessions', Component: StudySessions },
    ],
  },
]

/** The paths rendered ahead of the app (the pages that show page 1 of the approved sessions). */
const RENDERED_PATHS = new Set(['/', '/study-sessions'])

/** Effects never run on the server, so the gateway is never asked for. */
const noGateway = (): Promise<AuthGateway> => new Promise<never>(() => undefined)

export interface Prerendered {
  /** The markup that goes inside <div id="root">. */
  html: string
  /** The hero's first image, which index.html preloads. */
  heroImage: HeroSlide
}

async function renderMarkup(url: URL, firstPaint: FirstPaintData | undefined): Promise<string> {
  const handler = createStaticHandler(renderedRoutes)
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`Rendering ${url.pathname} answered ${context.status}, not a page`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const queryClient = createQueryClient()
  if (firstPaint) seedFirstPaint(queryClient, firstPaint, { onServer: true })
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider loadGateway={noGateway}>
          {/* No loader data to hand over: the client router starts from the URL alone. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
  // The render left queries with garbage-collection timers (gcTime is a day)
  // that would keep the process alive.
  queryClient.clear()
  return html
}

/**
 * /study-sessions' first page at build time (a demo build, scripts/prerender/):
 * the markup that goes into study-sessions.html, rendered from the same data as the home page's.
 */
export async function prerenderStudySessions(firstPaint: FirstPaintData, origin = 'http://localhost'): Promise<string> {
  return renderMarkup(new URL('/study-sessions', origin), firstPaint)
}

/** The home page at build time (scripts/prerender/). */
export async function prerenderHome(
  firstPaint: FirstPaintData | undefined,
  origin = 'http://localhost',
): Promise<Prerendered> {
  return { html: await renderMarkup(new URL('/', origin), firstPaint), heroImage: HERO_SLIDES[0]! }
}

/**
 * A page per request, on the API server of a live build (this module's SSR
 * bundle, loaded by path: src/contract/first-paint.ts's PAGE_RENDERER_PATH).
 */
export async function renderPage(page: string, url: string, data: FirstPaintData): Promise<string | undefined> {
  const at = new URL(url)
  if (!RENDERED_PATHS.has(at.pathname)) return undefined
  // The markup is this address's page: its list is the one the address asks for (data.list).
  return withPageMarkup(page, {
    path: at.pathname + at.search,
    markup: await renderMarkup(at, data),
    firstPaint: data,
  })
}
