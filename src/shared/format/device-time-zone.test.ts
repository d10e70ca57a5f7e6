import { afterEach, describe, expect, it, vi } from 'vitest'
import { deviceTimeZone } from './device-time-zone'

const real = Intl.DateTimeFormat.prototype.resolvedOptions

/** The browser's resolved zone, as `Intl.DateTimeFormat().resolvedOptions()` would report it. */
function deviceSetTo(timeZone: string | undefined) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone } as Intl.ResolvedDateTimeFormatOptions
  })
}

afterEach(() => vi.restoreAllMocks())

describe('deviceTimeZone', () => {
  it('answers the zone the browser names', () => {
    deviceSetTo('Europe/Berlin')
    expect(deviceTimeZone()).toBe('Europe/Berlin')
  })

  it('answers none for a name that is no zone, or no name at all', () => {
    deviceSetTo('Etc/Unknown')
    expect(deviceTimeZone()).toBeUndefined()
    deviceSetTo(undefined)
    expect(deviceTimeZone()).toBeUndefined()
  })
})
