// What a deep link shows while its screen's code loads on a first visit: the
// router renders this instead of the layout until the lazy route is ready.
export function RouteLoading() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <p role="status" className="text-ink-muted">
        Loading StudyHub…
      </p>
    </main>
  )
}
