// The time zone this device is set to, as the browser names it (IANA), for
// the server to write a user's dates in: sent at sign-in, and offered in
// Settings. A browser that names no zone the contract takes (some report
// "Etc/Unknown") sends none, rather than have a sign-in refused for it.
import { isTimeZone } from '#contract/time-zone'

export function deviceTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone && isTimeZone(zone) ? zone : undefined
}
