/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string
  readonly VITE_FIREBASE_API_KEY?: string
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string
  readonly VITE_FIREBASE_PROJECT_ID?: string
  readonly VITE_FIREBASE_APP_ID?: string
  readonly VITE_FIREBASE_AUTH_EMULATOR?: string
  /** A demo build's answer latency in ms (mocks/config.ts); 150 unless set. */
  readonly VITE_DEMO_LATENCY_MS?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

/** True in a demo build (no VITE_API_URL); replaced at build time. */
declare const __DEMO__: boolean
