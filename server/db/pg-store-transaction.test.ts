// @vitest-environment node
// Store.transaction over PostgreSQL: what a keyed write's run relies on
// (../core/idempotency.ts). Every write of the transaction commits together or
// not at all, a method refused inside undoes only itself, and a database that
// can no longer be reached is DatabaseUnavailable (answered 503), not a 500.
import { describe, expect, it } from 'vitest'
import { DatabaseUnavailable, UniqueViolation } from '#core/store'
import { openDatabase } from './open-database'
import { describeOnEachTarget, expectUnique, note, STUDENT, STUDENT2, user } from './pg-store-fixtures'

describeOnEachTarget(({ store }) => {
  describe('transaction', () => {
    it('commits every write together once the work resolves', async () => {
      await store.users.insert(user(STUDENT))
      const first = note(STUDENT)
      const second = note(STUDENT)
      const answer = await store.transaction!(async (tx) => {
        await tx.notes.insert(first)
        await tx.notes.insert(second)
        // The transaction reads its own writes.
        return (await tx.notes.ofOwner(STUDENT)).length
      })
      expect(answer).toBe(2)
      expect((await store.notes.ofOwner(STUDENT)).map((n) => n._id).sort()).toEqual([first._id, second._id].sort())
    })

    it('keeps none of its writes when the work throws', async () => {
      await store.users.insert(user(STUDENT))
      const claim = { id: 'k', requestHash: 'h', state: 'running' as const, createdAt: new Date().toISOString() }
      const thrown = new Error('the run failed')
      const outcome = await store.transaction!(async (tx) => {
        expect(await tx.idempotency.claim(claim)).toBeNull()
        await tx.notes.insert(note(STUDENT))
        await tx.users.insert(user(STUDENT2))
        throw thrown
      }).catch((error: unknown) => error)
      expect(outcome).toBe(thrown)
      expect(await store.notes.ofOwner(STUDENT)).toEqual([])
      expect(await store.users.byEmail(STUDENT2)).toBeUndefined()
      expect(await store.idempotency.get('k')).toBeUndefined()
    })

    it('goes on after a method is refused inside: only that method is undone', async () => {
      const student = user(STUDENT)
      await store.users.insert(student)
      const kept = note(STUDENT)
      await store.transaction!(async (tx) => {
        await tx.notes.insert(kept)
        await expectUnique(tx.users.insert(user(STUDENT)), 'user.email')
        // What a rule does after such a refusal: read, and write on.
        expect(await tx.users.byEmail(STUDENT)).toEqual(student)
        await tx.users.insert(user(STUDENT2))
      })
      expect((await store.notes.ofOwner(STUDENT)).map((n) => n._id)).toEqual([kept._id])
      expect(await store.users.byEmail(STUDENT2)).toBeDefined()
    })

    it('throws the port errors inside as outside', async () => {
      await store.users.insert(user(STUDENT))
      const error = await store.transaction!((tx) => tx.users.insert(user(STUDENT))).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(UniqueViolation)
    })
  })
})

describe('a database that can no longer be reached', () => {
  it('throws DatabaseUnavailable from every method and transaction once PGlite is closed', async () => {
    const database = await openDatabase({ inMemory: true })
    await database.close()
    expect(await database.store.users.count().catch((e: unknown) => e)).toBeInstanceOf(DatabaseUnavailable)
    expect(await database.store.transaction!(async () => 1).catch((e: unknown) => e)).toBeInstanceOf(
      DatabaseUnavailable,
    )
  })
})
