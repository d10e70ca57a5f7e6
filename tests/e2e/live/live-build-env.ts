// The build variables of the live build the browser tests run (docs/deploy.md,
// "The app"). The Firebase settings name a `demo-` project, which exists
// only inside the Auth emulator: the emulator accepts any API key and app id,
// and the API server trusts the emulator's tokens only for such a project.

export const LIVE_FIREBASE_PROJECT_ID = 'demo-studyhub'

export function liveBuildEnv(emulatorUrl: string): Record<string, string> {
  return {
    // The API server serves the build (APP_DIST_DIR): the API is on the app's own origin.
    VITE_API_URL: '/api',
    VITE_FIREBASE_API_KEY: 'e2e-emulator-api-key',
    // The SDK asks for one before it opens the Google popup; with the emulator the popup is the emulator's page.
    VITE_FIREBASE_AUTH_DOMAIN: `${LIVE_FIREBASE_PROJECT_ID}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: LIVE_FIREBASE_PROJECT_ID,
    VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
    VITE_FIREBASE_AUTH_EMULATOR: emulatorUrl,
  }
}
