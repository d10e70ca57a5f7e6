import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { RouterProvider } from 'react-router-dom'
import { AuthProvider } from '#features/auth/auth-provider'
import { confirmLogOut, deviceData } from './device-data'
import { queryClient } from './query-client'
import { restoreDeferredQueries } from './query-persistence'
import { router } from './router'
import { publishSession, sessionEnded, signedOut } from './signed-in-user'
import { startSyncEngines } from './sync-engines'

export function App() {
  useEffect(restoreDeferredQueries, [])
  useEffect(() => startSyncEngines(queryClient), [])
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider
        publish={publishSession}
        onSignedOut={signedOut}
        onSessionEnded={sessionEnded}
        device={deviceData}
        confirmLogOut={confirmLogOut}
      >
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  )
}
