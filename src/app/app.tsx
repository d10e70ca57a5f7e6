import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from 'react-router-dom'
import { queryClient } from './query-client'
import { persistOptions } from './query-persistence'
import { router } from './router'

export function App() {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions()}>
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  )
}
