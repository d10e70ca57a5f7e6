// One storage-port object per demo database (worker, test file or bench).
import type { Store } from '#core/store'
import type { DemoDb } from './demo-db'
import { createDexieStore } from './dexie-store'

const stores = new WeakMap<DemoDb, Store>()

export function storeOf(db: DemoDb): Store {
  let store = stores.get(db)
  if (!store) {
    store = createDexieStore(db)
    stores.set(db, store)
  }
  return store
}
