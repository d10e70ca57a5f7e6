// Must be the first setup file: Dexie captures indexedDB when it is imported.
import 'fake-indexeddb/auto'
