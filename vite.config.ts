/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { cspPlugin } from './scripts/csp/csp-plugin.ts'
import { prerenderHomePlugin } from './scripts/prerender/prerender-plugin.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, root, 'VITE_')
  // Demo or live is decided here, once (README, "Demo and live builds").
  const demo = !env.VITE_API_URL
  return {
    define: {
      __DEMO__: JSON.stringify(demo),
    },
    resolve: {
      alias: [
        // The service worker imports its demo server through this name; a live
        // build gets a module that answers nothing, so msw never reaches it.
        {
          find: /^#demo-server$/,
          replacement: fileURLToPath(
            new URL(demo ? './mocks/sw-demo-server.ts' : './sw/no-demo-server.ts', import.meta.url),
          ),
        },
      ],
    },
    plugins: [
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
      // Last: its hashes are of the page every other transform has finished.
      cspPlugin(),
    ],
    build: {
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      rolldownOptions: {
        output: {
          // Everything the first load needs in one chunk: one gzip stream
          // compresses better than a dozen small ones and costs one request
          // (docs/decisions/0040-javascript-within-budget.md).
          codeSplitting: {
            groups: [{ name: 'app', tags: ['$initial'] }],
          },
        },
      },
    },
    preview: { port: 4173, strictPort: true },
    server: { port: 5173 },
    test: {
      restoreMocks: true,
      testTimeout: 20_000,
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
