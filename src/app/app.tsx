import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { RouterProvider } from 'react-router-dom'
import { AuthProvider } from '../features/auth/auth-context'
import { queryClient } from './query-client'
import { restoreDeferredQueries } from './query-persistence'
import { router } from './router'
import { forgetCachedData, publishSession } from './signed-in-user'

export function App() {
  useEffect(restoreDeferredQueries, [])
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSignedOut={forgetCachedData} onSessionChange={publishSession}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  )
}
