// Wraps every demo-server answer: seed on first use, a realistic latency, and
// any failure as JSON `{message}`.
import { errorResponse } from '#core/http-errors'
import { getLatency } from '../config'
import { demoDb, type DemoDb } from '../db/demo-db'
import { ensureDemoData } from './ready'

/** The configured latency, so the demo behaves like a server across a network. */
async function simulateLatency(): Promise<void> {
  const ms = getLatency()
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms))
}

export async function serve(produce: (db: DemoDb) => Promise<Response>): Promise<Response> {
  try {
    const db = demoDb()
    await ensureDemoData(db)
    await simulateLatency()
    return await produce(db)
  } catch (error) {
    return errorResponse(error)
  }
}
