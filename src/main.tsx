// The entry, evaluated in steps (docs/performance.md#the-entry-in-two-tasks):
// this chunk holds React DOM, the largest library of the first load, and
// yields to the browser once it is evaluated; the app's own first-load code
// (./app/start.tsx) is a chunk of its own, preloaded by the page so it adds
// no round trip, evaluated in a later task, and the app starts in the one
// after. At a phone's speed the entry was one task of about 180 ms, which no
// tap or paint could interrupt.
import { createRoot, hydrateRoot } from 'react-dom/client'
import { prepareDateFormats } from '#shared/format/date'
import { prepareNumberFormats } from '#shared/format/number'
import './index.css'

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

// A task for each: React DOM (this chunk); the locale's number formats and
// its date formats, which cards use and whose data the first of each loads;
// the app's modules; the app's start.
void nextTask()
  .then(() => {
    prepareNumberFormats()
    return nextTask()
  })
  .then(() => {
    prepareDateFormats()
    return nextTask()
  })
  .then(() => import('#app/start'))
  .then(async ({ start }) => {
    await nextTask()
    start({ createRoot, hydrateRoot })
  })
