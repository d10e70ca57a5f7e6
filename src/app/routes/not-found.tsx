import { Link } from 'react-router-dom'

export function Component() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-ink-muted">There is nothing at this address.</p>
      <Link
        to="/"
        className="tap mt-6 inline-flex items-center rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
      >
        Back to Home
      </Link>
    </section>
  )
}
