// What the notes outbox model tests share: the student, the number of runs,
// and devices' databases opened once per file and emptied between runs (a new
// database per run would cost more than most runs).
import { demoDb } from '../../../../mocks/db/demo-db'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { createAppDb } from '#shared/db/app-db'
import type { NotesDb } from '../db/note-tables'

export const STUDENT = 'student@studyhub.demo'
export const RUNS = 1_000

/** The demo server seeded afresh with the student signed in, and a device database per name. */
export async function openModel<const Names extends readonly string[]>(
  ...names: Names
): Promise<{ [K in keyof Names]: NotesDb }> {
  await resetDemoDb()
  await signInAs(STUDENT)
  return names.map((name) => createAppDb<NotesDb>(name)) as { [K in keyof Names]: NotesDb }
}

/** Cheap reset between runs: this student's notes and the idempotency records only, and the devices emptied. */
export async function resetModel(devices: readonly NotesDb[]): Promise<void> {
  const server = demoDb()
  await server.notes.where('email').equals(STUDENT).delete()
  await server.idempotency.clear()
  for (const device of devices) {
    await device.notes.clear()
    await device.outbox.clear()
  }
}
