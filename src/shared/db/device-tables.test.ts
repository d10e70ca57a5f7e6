// The features' table declarations load once, when the first read or write
// asks for them; the database is declared from them before that read or
// write goes on; a load that fails fails only the reads and writes waiting
// for it, and the next one tries again.
import { describe, expect, it, vi } from 'vitest'

/** A fresh copy of the module (the app's setup has loaded its own already). */
async function freshModule() {
  vi.resetModules()
  return import('./device-tables')
}

describe('the features’ table declarations', () => {
  it('are loaded once and given to the database before the read that asked for them goes on', async () => {
    const { deviceTablesLoaded, provideDeviceTables, whenDeviceTablesKnown } = await freshModule()
    const tables = [{ versions: { 6: { things: 'id' } } }]
    const load = vi.fn(async () => tables)
    provideDeviceTables(load)
    const order: string[] = []
    whenDeviceTablesKnown(() => order.push('declared'))
    await Promise.all([deviceTablesLoaded(), deviceTablesLoaded()]).then(() => order.push('read'))
    expect(order).toEqual(['declared', 'read'])
    expect(load).toHaveBeenCalledTimes(1)
    // A database made later is declared at once.
    whenDeviceTablesKnown(() => order.push('declared again'))
    expect(order).toEqual(['declared', 'read', 'declared again'])
  })

  it('a load that fails fails the read that waited, and the next read tries again', async () => {
    const { deviceTablesLoaded, provideDeviceTables, whenDeviceTablesKnown } = await freshModule()
    const load = vi
      .fn<() => Promise<{ versions: Record<number, Record<string, string>> }[]>>()
      .mockRejectedValueOnce(new Error('The chunk did not come'))
      .mockResolvedValue([{ versions: { 6: { things: 'id' } } }])
    provideDeviceTables(load)
    const declared = vi.fn()
    whenDeviceTablesKnown(declared)
    await expect(deviceTablesLoaded()).rejects.toThrow('The chunk did not come')
    expect(declared).not.toHaveBeenCalled()
    await deviceTablesLoaded()
    expect(declared).toHaveBeenCalledTimes(1)
  })

  it('are asked for only once the app has said where they are', async () => {
    const { deviceTablesLoaded } = await freshModule()
    await expect(deviceTablesLoaded()).rejects.toThrow('before the app said where its tables are')
  })
})
