// msw's core asserts `localStorage` exists when it is imported (its cookie
// store), and workers have none. This in-memory stand-in must be the worker's
// first import. Nothing in the worker relies on it persisting.
if (!('localStorage' in globalThis)) {
  const data = new Map<string, string>()
  const storage = {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (key: string) => data.get(key) ?? null,
    key: (index: number) => [...data.keys()][index] ?? null,
    removeItem: (key: string) => void data.delete(key),
    setItem: (key: string, value: string) => void data.set(key, String(value)),
  }
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true })
}
export {}
