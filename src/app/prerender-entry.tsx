// The home page as every first visit sees it before any script has run,
// rendered at build time into dist/index.html (scripts/prerender/) from the
// same components the app renders, so the hero's headline and first image
// paint without waiting for the JavaScript. main.tsx hydrates it on "/".
//
// What a first render cannot know is rendered as "not known yet", exactly as
// the client's first render shows it, so hydration matches: the session is
// still being checked (the navbar shows neither Login nor Dashboard), and
// every browser-only state (online, reduced motion, install offer, toasts)
// takes its server snapshot. The cards are rendered from the first-paint data
// when the build has it (a demo build: the seed), which the page carries and
// main.tsx puts into the cache before hydrating; else the cache is empty
// ("Loading sessions…").
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom'
import { AuthProvider } from '../features/auth/auth-provider'
import type { AuthGateway } from '../features/auth/auth-identity'
import { HERO_SLIDES, type HeroSlide } from '../features/sessions/components/hero-slides'
import { RootLayout } from './layout/root-layout'
import { RouteError } from './layout/route-error'
import { createQueryClient } from './query-client'
import { Component as Home } from './routes/home'
import { seedFirstPaint } from './first-paint-data'
import type { FirstPaintData } from '../contract/first-paint'

/**
 * The "/" branch of router.tsx's route tree. router.tsx itself creates the
 * browser router when it loads, which needs a document; a change there that
 * this copy misses shows up as a hydration mismatch, which fails the browser
 * tests (their console guard).
 */
const homeRoutes: RouteObject[] = [
  { path: '/', Component: RootLayout, ErrorBoundary: RouteError, children: [{ index: true, Component: Home }] },
]

/** Effects never run on the server, so the gateway is never asked for. */
const noGateway = (): Promise<AuthGateway> => new Promise<never>(() => undefined)

export interface Prerendered {
  /** The markup that goes inside <div id="root">. */
  html: string
  /** The hero's first image, which index.html preloads. */
  heroImage: HeroSlide
}

export async function prerenderHome(
  firstPaint: FirstPaintData | undefined,
  origin = 'http://localhost',
): Promise<Prerendered> {
  const handler = createStaticHandler(homeRoutes)
  const context = await handler.query(new Request(new URL('/', origin)))
  if (context instanceof Response) throw new Error(`Prerendering / answered ${context.status}, not a page`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const queryClient = createQueryClient()
  if (firstPaint) seedFirstPaint(queryClient, firstPaint)
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
  // that would keep the build's process alive.
  queryClient.clear()
  return { html, heroImage: HERO_SLIDES[0]! }
}
