import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom'
import { errorMessage } from '#shared/api/api-error'

export function RouteError() {
  const error = useRouteError()
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error)
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p role="alert" className="mt-3 text-ink-muted">
        {message}
      </p>
      <Link
        to="/"
        className="tap mt-6 inline-flex items-center rounded bg-brand-700 px-4 py-2 font-semibold text-white"
      >
        Back to Home
      </Link>
    </main>
  )
}
