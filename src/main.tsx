// The entry, evaluated in steps (docs/performance.md#the-entry-in-two-tasks):
// this chunk holds React DOM, the largest library of the first load, and
// yields to the browser once it is evaluated; the app's own first-load code
// (./app/start.tsx) is a chunk of its own, preloaded by the page so it adds
// no round trip, evaluated in the next task, and the app starts in the one
// after. At a phone's speed the entry was one task of about 180 ms, which no
// tap or paint could interrupt.
import { createRoot, hydrateRoot } from 'react-dom/client'
import './index.css'

// A task for each: React DOM (this chunk), the app's modules, the app's start.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

void nextTask()
  .then(() => import('#app/start'))
  .then(async ({ start }) => {
    await nextTask()
    start({ createRoot, hydrateRoot })
  })
