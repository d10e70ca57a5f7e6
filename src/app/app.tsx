import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from 'react-router-dom'
import { AuthProvider } from '../features/auth/auth-context'
import { queryClient } from './query-client'
import { clearPersistedQueries, persistOptions } from './query-persistence'
import { router } from './router'

/** Logging out must not leave one user's data for the next one on this device. */
function forgetUserData(): void {
  queryClient.clear()
  clearPersistedQueries()
}

// Built once: a new persister per render would restore and subscribe again.
const persistence = persistOptions()

export function App() {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistence}>
      <AuthProvider onSignedOut={forgetUserData}>
        <RouterProvider router={router} />
      </AuthProvider>
    </PersistQueryClientProvider>
  )
}
