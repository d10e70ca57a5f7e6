// Test helper: renders a workspace screen with a fresh query client (no
// retries) and the app's feedback host, so toasts and dialogs are visible.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { FeedbackHost, resetFeedback } from '../../../shared/ui/feedback'

export function renderWorkspace(ui: ReactNode) {
  resetFeedback()
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const result = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <FeedbackHost />
    </QueryClientProvider>,
  )
  return { ...result, queryClient }
}
