/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { PAGE_RENDERER_PATH } from './src/contract/first-paint.ts'
import { cspPlugin } from './scripts/csp/csp-plugin.ts'
import { appStartGroup, preloadAppStartPlugin } from './scripts/entry-in-two-tasks/entry-in-two-tasks.ts'
import { inlineStylesheetPlugin } from './scripts/inline-stylesheet/inline-stylesheet-plugin.ts'
import { precompressPlugin } from './scripts/precompress/precompress-plugin.ts'
import { prerenderHomePlugin } from './scripts/prerender/prerender-plugin.ts'

// Only vitest loads its sequencer (and with it vitest/node); a build does not.
const testSequencer = process.env.VITEST
  ? (await import('./tests/setup/longest-first-sequencer.ts')).LongestFirstSequencer
  : undefined

const root = fileURLToPath(new URL('.', import.meta.url))

/** Modules the entry itself loads with import() on a visit: each stays its own small chunk. */
const ENTRY_LOADS_ALONE =
  /\/src\/(shared\/db\/|shared\/api\/axios-client|features\/notes\/offline\/|features\/materials\/offline\/kept-materials-store|app\/service-worker\/|features\/sessions\/components\/hero-fade-layer|features\/auth\/)/

/**
 * The screens one kind of visit opens together, each kind in one chunk with the feature code only they use: a dozen
 * small chunks compress far worse than one stream of the same code, and whoever opens one admin screen opens the
 * others next. Code that screens of several kinds share stays in its area's shared chunk (below).
 */
const SCREENS_TOGETHER: [name: string, modules: RegExp][] = [
  [
    // Tutors and admins: few, on laptops, and an admin's screens are a tutor's and more.
    'staff-screens',
    /\/src\/(app\/routes\/dashboard\/(admin|manage-[\w-]+|tutor|add-session|my-sessions|tutor-materials|my-material)\.tsx|features\/(admin|users|tutor-sessions)\/|features\/materials\/components\/(manage-materials|upload-material-form|tutor-materials-list)\.tsx)/,
  ],
  [
    'student-screens',
    /\/src\/(app\/routes\/dashboard\/(student|student-booking|student-booking-materials|my-bookings|my-notes|create-note|my-materials)\.tsx|features\/notes\/(api|db|components)\/|features\/notes\/note-validation|features\/bookings\/components\/calendar-feed-panel)/,
  ],
  // What every signed-in visit loads: the dashboard's frame and home, the bar's bell and the inbox, and a
  // student's day on their home (the sync badge and the day's queue read the device's database, so they stay
  // with the outbox's code).
  [
    'signed-in-screens',
    /\/src\/(app\/routes\/dashboard\/(dashboard-layout|dashboard-index|notifications)\.tsx|app\/student-day\.tsx|features\/notifications\/(?!offline\/)|features\/stats\/)/,
  ],
  [
    'sign-in-screens',
    /\/src\/(app\/routes\/(login|register)\.tsx|features\/auth\/(components\/auth-screen\.tsx|credential-checks\.ts|sign-in-reason\.ts))$/,
  ],
  // With the ways to make an account, which only these screens start.
  [
    'sign-in-screens',
    /\/src\/(app\/routes\/(login|register)\.tsx|features\/auth\/(components\/auth-screen|auth-registration)\.tsx?)$/,
  ],
  // Browsing: the list, a session's details (the list's next step), tutors, About.
  [
    'browse-screens',
    /\/src\/(app\/routes\/(study-sessions|session-details|tutors|about|not-found)\.tsx|features\/(tutors|reviews)\/|features\/sessions\/(?!components\/hero-fade-layer)|features\/bookings\/components\/(book-session-button|booking-dialogs))/,
  ],
]

/**
 * axios modules the app never reaches, as `<importer> <import>` inside axios/lib: the XMLHttpRequest adapter (the
 * client uses fetch only), and the status-code table and CancelToken that only axios's default export carries (the
 * client cancels with AbortSignal). src/shared/api/axios-client.ts may not use them (ESLint).
 */
const AXIOS_UNUSED = new Set([
  'adapters/adapters.js ./xhr.js',
  'axios.js ./helpers/HttpStatusCode.js',
  'axios.js ./cancel/CancelToken.js',
])

/** A path inside the project. */
function fromRoot(path: string): string {
  return fileURLToPath(new URL(path, import.meta.url))
}

/** A file of react-router's production build. */
function reactRouterBuild(file: string): string {
  return fromRoot(`./node_modules/react-router/dist/production/${file}`)
}

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, root, 'VITE_')
  // Demo or live is decided here, once (README, "Demo and live builds").
  const demo = !env.VITE_API_URL
  return {
    define: {
      __DEMO__: JSON.stringify(demo),
    },
    resolve: {
      alias: [
        // react-router points every import at its development build (its
        // package exports have no production condition), which carries its
        // dev-only warnings into the app. A build takes the production build
        // the package ships beside it; the dev server and tests keep the
        // warnings (docs/performance.md#javascript-budget-second-pass).
        ...(command === 'build'
          ? [
              { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
              { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
            ]
          : []),
        // Dexie's package points every import at its ES5 build behind a wrapper
        // (for require() users); a build takes the modern ES module it ships
        // beside it: the same code, about a kilobyte smaller once compressed.
        ...(command === 'build'
          ? [{ find: /^dexie$/, replacement: fromRoot('./node_modules/dexie/dist/modern/dexie.mjs') }]
          : []),
        // The demo server sets no cookies, so msw in the worker gets a jar that
        // keeps none (sw/no-cookie-jar.ts); tests keep msw's own.
        ...(command === 'build' ? [{ find: /^tough-cookie$/, replacement: fromRoot('./sw/no-cookie-jar.ts') }] : []),
        // The service worker imports its demo server through this name; a live
        // build gets a module that answers nothing, so msw never reaches it.
        {
          find: /^#demo-server$/,
          replacement: fromRoot(demo ? './mocks/sw-demo-server.ts' : './sw/no-demo-server.ts'),
        },
      ],
    },
    plugins: [
      // Parts of axios the app cannot use stay out of a build, replaced by
      // axios's own null module as its package's browser field replaces its
      // Node adapter (docs/decisions/0053-axios-after-the-first-paint.md).
      {
        name: 'axios-without-unused-parts',
        apply: 'build',
        enforce: 'pre',
        resolveId(source: string, importer: string | undefined) {
          const from = importer?.replaceAll('\\', '/').split('/node_modules/axios/lib/')[1]
          return from && AXIOS_UNUSED.has(`${from} ${source}`)
            ? fromRoot('./node_modules/axios/lib/helpers/null.js')
            : null
        },
      },
      react(),
      tailwindcss(),
      // Before VitePWA: the precached index.html must be the prerendered one.
      prerenderHomePlugin(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        // The manifest is public/manifest.webmanifest, linked from index.html.
        manifest: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,webp,avif,woff2,webmanifest,ico}'],
          // Install-sheet screenshots are for the browser's install dialog, not the app;
          // a live build's server renderer is the API server's (docs/decisions/0043-cards-rendered-on-the-server.md).
          globIgnores: ['screenshots/**', 'server-render/**'],
          // The worker itself bundles the demo server in a demo build.
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        },
        devOptions: { enabled: true, type: 'module', navigateFallback: 'index.html' },
      }),
      // The stylesheet inside the page: the first paint waits for nothing but the page.
      inlineStylesheetPlugin(),
      preloadAppStartPlugin(),
      // Last: its hashes are of the page every other transform has finished.
      cspPlugin(),
      // After every file is written: a brotli and a gzip copy of each, for the API server to send as they are.
      precompressPlugin({ skip: [PAGE_RENDERER_PATH.split('/')[0]!] }),
    ],
    build: {
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      rolldownOptions: {
        output: {
          // Everything the first load needs in one chunk: one gzip stream
          // compresses better than a dozen small ones and costs one request
          // (docs/performance.md#javascript-budget-first-pass). After it, the
          // screens of one kind of visit together (SCREENS_TOGETHER), then what
          // several lazy chunks share: a feature's in one chunk, and all of
          // src/shared and src/app in one, for the same reason
          // (docs/performance.md#javascript-budget-third-pass).
          codeSplitting: {
            includeDependenciesRecursively: false,
            groups: [
              { name: 'app', tags: ['$initial'], priority: 10 },
              // The app's own first-load code, the entry's second task (src/main.tsx).
              appStartGroup(fromRoot('./src/app/start.tsx')),
              // The app database: Dexie, what every read and write of it needs, the
              // features' table declarations it is built from and their stores of
              // kept answers (a visitor's home page keeps its cards once idle: never
              // a screen's chunk for that). One chunk, one request.
              {
                name: 'app-db',
                test: /\/node_modules\/dexie\/|\/src\/(shared\/db\/(app-db|storage-faults|device-table-writes|kept-answers)\.ts|app\/device-table-list\.ts|features\/[\w-]+\/db\/[\w-]+\.ts)$/,
                priority: 9,
              },
              // The outbox (docs/decisions/0062): the shared engine, the notes', the
              // bookings' and the roster's kinds and the app's composition all load at sign-in, so one
              // chunk rather than seven small ones (gzip compresses each file alone).
              // Never in a feature's shared chunk: the session details page must not load Dexie.
              {
                name: 'outbox',
                // The wipe at log out and the bar's count of what waits too: both are only
                // for someone signed in, for whom this is loaded.
                test: /\/src\/(shared\/offline\/outbox|features\/(notes|bookings|roster)\/(offline\/|db\/(?![\w-]+-tables\.ts$))|app\/(outbox-engine|device-wipe|device-queue|layout\/sync-badge)|features\/bookings\/components\/cancel-control)/,
                priority: 8,
              },
              {
                name: (id: string) => SCREENS_TOGETHER.find(([, modules]) => modules.test(id))?.[0] ?? null,
                priority: 7,
              },
              {
                name: (id: string) => {
                  if (ENTRY_LOADS_ALONE.test(id)) return null
                  // The contract, the route loaders' helpers, the dashboard's menus and TanStack Query's mutations are used as
                  // src/shared is, by screens of every kind, and import nothing outside the first load.
                  if (
                    /\/src\/(contract\/|app\/route-loaders|app\/layout\/dashboard-menus)|\/node_modules\/@tanstack\/react-query\//.test(
                      id,
                    )
                  )
                    return 'common-shared'
                  const area = /\/src\/(?:features\/([\w-]+)|shared\/([\w-]+)|(app))\//.exec(id)
                  return area ? (area[1] ? `${area[1]}-shared` : area[2] ? 'common-shared' : null) : null
                },
                minShareCount: 2,
                priority: 5,
              },
            ],
          },
        },
      },
    },
    preview: { port: 4173, strictPort: true },
    server: { port: 5173 },
    test: {
      restoreMocks: true,
      // `vitest run` takes one core fewer than the machine has: a single worker
      // on a 2-core machine, while most of a test file's time is waiting (a DOM
      // set up, a database started). Two there: the unit tests took 217 s
      // instead of 290 s on this 2-core machine.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      testTimeout: 20_000,
      // Worker threads, not child processes: the app's 65 files took 69 s
      // instead of 92 s (a jsdom set up in a thread costs less). Longest
      // files first (./tests/setup/longest-first-sequencer.ts): without a
      // results cache, as on CI, the whole run took 264 s instead of 313 s
      // (26 Nov 2026, 2 cores, nothing else running).
      pool: 'threads',
      sequence: { sequencer: testSequencer },
      projects: [
        {
          // The app and the demo server's own tests, in a browser-like DOM.
          extends: true,
          test: {
            name: 'app',
            environment: 'jsdom',
            setupFiles: ['./tests/setup/fake-indexeddb.ts', './tests/setup/vitest-setup.ts'],
            include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts'],
          },
        },
        {
          // The API server and the conformance suite, in Node. The global setup
          // starts PostgreSQL and the Firebase Auth emulator for the suite's
          // API targets (CONFORMANCE_TARGETS picks the targets).
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            setupFiles: ['./tests/setup/node-setup.ts'],
            globalSetup: ['./tests/conformance/global-setup.ts'],
            include: ['server/**/*.test.ts', 'tests/conformance/**/*.test.ts'],
            // Child processes, not threads: PGlite's WebAssembly, made and freed
            // by many tests in worker threads of one process, can abort Node
            // (V8's process-wide register of JIT pages: "Check failed:
            // jit_page_->allocations_.erase(addr) == 1", a known V8 issue with
            // PGlite on Node 24). It did, once, in a CI run of this suite; a
            // process of its own per worker keeps each register to one thread.
            pool: 'forks',
            // A conformance test may make its records, sign in five callers and
            // call a route twenty times over a real database.
            testTimeout: 120_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  }
})
