// Lint rules, including the import boundaries of the house style: imports
// flow one way, contract → shared → features → app (an arrow means "may be
// imported by"). axios lives only in src/shared/api, dexie only in storage
// modules (src/shared/db, src/features/*/db, mocks/db), msw never under src/.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const restricted = (extra = []) => ({
  paths: [{ name: 'axios', message: 'Call the API through src/shared/api/http-client.ts.' }],
  patterns: [
    { group: ['msw', 'msw/*'], message: 'msw belongs to mocks/ and tests, never to the app.' },
    { group: ['dexie', 'dexie-*'], message: 'Use IndexedDB only through a storage module (src/shared/db).' },
    ...extra,
  ],
})

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
  { ignores: ['dist', 'dev-dist', '.tools', 'node_modules', 'test-results', 'bench/results', 'public'] },
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
    // The single HTTP client and the storage modules may use what they wrap.
    files: ['src/shared/api/axios-instance.ts', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/shared/db/**', 'src/features/*/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'axios', message: 'Call the API through src/shared/api/http-client.ts.' }],
          patterns: [{ group: ['msw', 'msw/*'], message: 'msw belongs to mocks/ and tests.' }],
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
    files: [
      '*.{js,mjs,ts}',
      'tests/**/*.{ts,mjs,js}',
      'bench/**/*.{ts,mjs,js}',
      'scripts/**/*.{ts,mjs,js}',
      '.ci/**/*.mjs',
    ],
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
