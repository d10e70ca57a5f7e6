// Lint rules, including the walls between the parts of the code
// (docs/architecture/where-things-live.md, ADR 0033). Imports flow one way:
// contract → shared → features → app, and a feature never imports another
// feature (the app composes them). import-x/no-cycle forbids any import cycle.
// axios lives only in the HTTP client (src/shared/api/axios-client.ts, ADR
// 0053), dexie only in storage modules (src/shared/db, src/features/*/db,
// mocks/db), msw never under src/ outside tests (and their src/**/testing).
// The API server (server/) sees the app only through src/contract, and its
// core (server/core, shared with the service worker) uses no Node APIs.
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import { readdirSync } from 'node:fs'
import globals from 'globals'
import { builtinModules } from 'node:module'
import tseslint from 'typescript-eslint'

const MSW = { group: ['msw', 'msw/*'], message: 'msw belongs to mocks/ and tests, never to the app.' }
const DEXIE = { group: ['dexie', 'dexie-*'], message: 'Use IndexedDB only through a storage module (src/shared/db).' }
const AXIOS = { group: ['axios', 'axios/*'], message: 'Call the API through src/shared/api/http-client.ts.' }
// What a build leaves out of axios (vite.config.ts): the client may not use it.
const AXIOS_LEFT_OUT = ['CancelToken', 'HttpStatusCode']
const AXIOS_LEFT_OUT_MESSAGE =
  'A build leaves this part of axios out (AXIOS_UNUSED in vite.config.ts): cancel with an AbortSignal, use the fetch adapter.'
// server/core runs in the service worker too (the demo server): Web-standard APIs only.
const NODE_MODULES = {
  regex: `^(node:|(${builtinModules.join('|')})(/|$))`,
  message: 'server/core runs in the service worker too: no Node modules.',
}

// The walls, as import-x/no-restricted-paths zones: each zone says what code
// under `target` may not import from `from` (apart from `except`).
const FLOW = 'Imports flow contract → shared → features → app (docs/architecture/where-things-live.md).'
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
// Imports from one feature into another that are allowed, as [from, to]. Keep
// this short: what two features share belongs in src/shared or src/contract,
// and what composes two features belongs in src/app.
const CROSS_FEATURE_ALLOWED = []
const zones = [
  {
    target: './src/contract',
    from: './src',
    except: ['./contract'],
    message: 'The contract imports nothing of the app.',
  },
  { target: './src/shared', from: './src', except: ['./contract', './shared'], message: FLOW },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src',
    except: [
      './contract',
      './shared',
      `./features/${feature}`,
      ...CROSS_FEATURE_ALLOWED.filter(([from]) => from === feature).map(([, to]) => `./features/${to}`),
    ],
    message: `${FLOW} A feature imports no other feature: share through src/shared, compose in src/app.`,
  })),
  {
    target: './src',
    from: ['./server', './mocks', './sw'],
    message: 'The app never imports the API server, the demo server or the worker.',
  },
  {
    target: './server',
    from: ['./src', './mocks', './sw'],
    except: ['./contract'],
    message: 'The API server knows the contract only.',
  },
  {
    target: './server/core',
    from: './server',
    except: ['./core'],
    message: 'server/core runs in the service worker too: nothing from the rest of server/.',
  },
  {
    target: './mocks',
    from: ['./src', './server', './sw'],
    except: ['./contract', './core'],
    message: 'The demo server mounts server/core on the contract; nothing else of the app or the API server.',
  },
  {
    target: './sw',
    from: ['./src', './server', './mocks'],
    except: ['./contract'],
    message: 'The worker gets the demo server only through #demo-server (the demo build).',
  },
]

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'dev-dist', '.tools', 'node_modules', 'test-results', 'bench/results', 'public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MSW, DEXIE, AXIOS] }] },
  },
  {
    // Tests' helpers are tests too (docs/architecture/where-things-live.md):
    // they may answer the REST calls with msw, as the tests do.
    files: ['src/**/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEXIE, AXIOS] }] },
  },
  {
    files: ['src/shared/db/**', 'src/features/*/db/**'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MSW, AXIOS] }] },
  },
  {
    // The one module that wraps axios; it is loaded after the first paint. A
    // build leaves out the parts of axios named here (AXIOS_UNUSED in vite.config.ts).
    files: ['src/shared/api/axios-client.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'axios', importNames: AXIOS_LEFT_OUT, message: AXIOS_LEFT_OUT_MESSAGE }],
          patterns: [MSW, DEXIE],
        },
      ],
      'no-restricted-properties': [
        'error',
        ...AXIOS_LEFT_OUT.map((property) => ({ object: 'axios', property, message: AXIOS_LEFT_OUT_MESSAGE })),
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='adapter'][value.value!='fetch']", message: AXIOS_LEFT_OUT_MESSAGE },
      ],
    },
  },
  {
    files: ['server/core/**/*.ts'],
    // Tests of the core run in Node only.
    ignores: ['server/core/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NODE_MODULES] }] },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports only through files it can parse.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // Packages cannot import this code back, so a cycle never runs through one.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }],
    },
  },
  {
    // The app's tests compose what they test the way the app does (a feature
    // inside the app's providers, src/app/testing; the demo server under
    // mocks/ answers them); they are not shipped. The API server stays out.
    files: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [{ target: './src', from: './server', message: 'The app never imports the API server (server/).' }],
        },
      ],
    },
  },
  {
    files: ['mocks/**/*.ts', 'sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker, ...globals.browser } },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['*.{js,mjs,ts}', 'tests/**/*.{ts,mjs,js}', 'bench/**/*.{ts,mjs,js}', 'scripts/**/*.{ts,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Playwright fixtures receive a `use` callback that is not React's `use`.
    files: ['tests/e2e/**/*.ts', 'playwright.config.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // One helper takes the browser offline, and proves it after every navigation.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/offline-network.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'setOffline', message: 'Use goOffline/goOnline/whileOffline from tests/e2e/offline-network.ts.' },
      ],
    },
  },
)
