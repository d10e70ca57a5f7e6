// Time zones as the contract takes them: IANA names the runtime knows
// (Europe/Berlin, America/New_York, UTC). Both servers and the app run on
// engines with the full ICU data, so they agree on which names are real.

/** The zone everything is written in for a user who has none yet. */
export const DEFAULT_TIME_ZONE = 'UTC'

/** Whether `value` names a time zone: `Intl` throws a RangeError for a name it does not know. */
export function isTimeZone(value: string): boolean {
  // Offsets such as "+02:00" are accepted by Intl but follow no daylight-saving rules: a zone must be a name.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}
