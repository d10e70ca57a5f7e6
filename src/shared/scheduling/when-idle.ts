// Work that can wait for the browser to be idle: once the page has painted
// and nothing more urgent runs (at most `timeout` ms later). The one way the
// app defers such work; where requestIdleCallback is missing (Safari), a timer.

/** Runs `task` when the browser is idle; returns a function that cancels it if it has not run. */
export function whenIdle(task: () => void, timeout = 2_000): () => void {
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout })
    const cancel = cancelIdleCallback
    return () => cancel(handle)
  }
  const timer = setTimeout(task, 1)
  return () => clearTimeout(timer)
}
