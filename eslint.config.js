// Lint rules, including the import boundaries of the house style: imports
// flow one way, contract → shared → features → app (an arrow means "may be
// imported by"). dexie lives only in storage modules (src/shared/db,
// src/features/*/db, mocks/db), msw never under src/.
// The API server (server/) sees the app only through src/contract, and its
// core (server/core, shared with the service worker) uses no Node APIs.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { builtinModules } from 'node:module'
import tseslint from 'typescript-eslint'

// The API server (server/) is Node code the app never imports.
const notTheServer = { regex: '^(\\.\\./)+server(/|$)', message: 'The app never imports the API server (server/).' }

const restricted = (extra = []) => ({
  patterns: [
    { group: ['msw', 'msw/*'], message: 'msw belongs to mocks/ and tests, never to the app.' },
    { group: ['dexie', 'dexie-*'], message: 'Use IndexedDB only through a storage module (src/shared/db).' },
    notTheServer,
    ...extra,
  ],
})

// The API server knows the app only through the contract (src/contract).
const contractOnly = {
  regex: '^(\\.\\./)+(src/(?!contract(/|$))|src$|mocks(/|$)|sw(/|$))',
  message: 'The API server knows the contract only.',
}

// server/core runs in the service worker too (the demo server): Web-standard
// APIs only, and nothing of the Node server around it.
const coreMessage = 'server/core runs in the service worker too: no Node modules, nothing from the rest of server/.'
function coreBoundary(depth) {
  // From server/core/<depth folders>/file.ts, this many ../ reach server/.
  const up = '\\.\\./'.repeat(depth + 1)
  return {
    files: [`server/core/${'*/'.repeat(depth)}*.ts`],
    // Tests of the core run in Node only.
    ignores: ['server/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            contractOnly,
            { regex: `^(node:|(${builtinModules.join('|')})(/|$))`, message: coreMessage },
            { regex: `^${up}(?!\\.\\./)`, message: coreMessage },
          ],
        },
      ],
    },
  }
}

function layer(files, forbidden) {
  return {
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        restricted(
          forbidden.map((group) => ({ group: [group], message: 'Imports flow contract → shared → features → app.' })),
        ),
      ],
    },
  }
}

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
  // One-way imports: each layer may import only the layers before it.
  layer('src/contract/**', ['**/shared/**', '**/features/**', '**/app/**']),
  layer('src/shared/**', ['**/features/**', '**/app/**']),
  layer('src/features/**', ['**/app/**']),
  layer('src/app/**', []),
  layer('src/*.{ts,tsx}', []),
  {
    // Tests may use anything of the app, but not the API server either.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notTheServer] }] },
  },
  {
    files: ['src/shared/db/**', 'src/features/*/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['msw', 'msw/*'], message: 'msw belongs to mocks/ and tests.' }, notTheServer],
        },
      ],
    },
  },
  {
    files: ['mocks/**/*.ts', 'sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker, ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'The demo server knows the contract only.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': ['error', { patterns: [contractOnly] }] },
  },
  coreBoundary(0),
  coreBoundary(1),
  coreBoundary(2),
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
