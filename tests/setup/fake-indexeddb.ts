// Must be the first setup file: Dexie captures indexedDB when it is imported.
import 'fake-indexeddb/auto'

// Each test file plays one tab, with an IndexedDB of its worker thread's own.
// Dexie tells the other tabs of each write through a BroadcastChannel, which
// in Node reaches every worker thread of the process: the other test files
// would hear of writes to databases they do not share, and read theirs again.
// So Dexie is loaded with a channel that goes nowhere (it keeps the channel
// it made when it was loaded), and the real one is put back for everything else.
class ThisTabOnly extends EventTarget {
  onmessage: ((event: MessageEvent) => void) | null = null
  constructor(readonly name: string) {
    super()
  }
  postMessage(): void {}
  close(): void {}
}
const realChannel = globalThis.BroadcastChannel
globalThis.BroadcastChannel = ThisTabOnly as unknown as typeof BroadcastChannel
await import('dexie')
globalThis.BroadcastChannel = realChannel
