// API calls wait on this gate. In a demo build the API is the service worker,
// which answers only once it controls the page; the page itself paints
// without waiting (the home hero needs no data).
let open: () => void = () => {}
let gate: Promise<void> = new Promise<void>((resolve) => {
  open = resolve
})
let opened = false

export function whenApiReady(): Promise<void> {
  return gate
}

export function openApiGate(): void {
  opened = true
  open()
}

/** Tests and live builds: nothing to wait for. */
export function resetApiGate(openNow: boolean): void {
  opened = openNow
  gate = openNow ? Promise.resolve() : new Promise<void>((resolve) => (open = resolve))
}

export function isApiGateOpen(): boolean {
  return opened
}
