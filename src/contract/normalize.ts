// The one place where alternative field names are mapped onto the canonical
// shapes of ./entities.ts. A server may name some fields differently
// (classStartDate, fee, sessionDuration and so on: docs/product.md#records),
// so a live server may answer with either name. The HTTP client runs
// every session and booking it receives through here, so nothing past the
// client's edge ever sees an alternative name.
//
// startDate/endDate are read as the class dates: registration dates always
// carry "registration"/"reg" in their alternative names.
import type { Booking, Session } from './entities'

type Raw = Record<string, unknown>

const SESSION_ALIASES: Record<string, keyof Session> = {
  classStartDate: 'classStart',
  startDate: 'classStart',
  classEndDate: 'classEnd',
  endDate: 'classEnd',
  sessionDuration: 'duration',
  registrationStartDate: 'registrationStart',
  regStartDate: 'registrationStart',
  registrationEndDate: 'registrationEnd',
  regEndDate: 'registrationEnd',
  fee: 'registrationFee',
}

const NUMERIC: ReadonlySet<string> = new Set(['duration', 'registrationFee', 'averageRating', 'reviewCount'])

function applyAliases(raw: Raw): Raw {
  const out: Raw = { ...raw }
  for (const [alias, canonical] of Object.entries(SESSION_ALIASES)) {
    if (alias in out) {
      if (out[canonical] === undefined || out[canonical] === null) out[canonical] = out[alias]
      delete out[alias]
    }
  }
  for (const key of NUMERIC) {
    const value = out[key]
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) out[key] = Number(value)
  }
  return out
}

export function normalizeSession(raw: unknown): Session {
  const out = applyAliases(raw as Raw)
  // A server that sends no reviewCount leaves the rating to be computed from
  // the session's reviews (carriedRating, else useRatingFromReviews): an average without its count
  // cannot be shown truthfully.
  if (typeof out.reviewCount !== 'number') {
    delete out.reviewCount
    delete out.averageRating
  }
  out.description ??= ''
  return out as unknown as Session
}

export function normalizeBooking(raw: unknown): Booking {
  return applyAliases(raw as Raw) as unknown as Booking
}

const NORMALIZERS = { session: normalizeSession, booking: normalizeBooking }

/** Normalises one record or a list of them. */
export function normalizeEntity(kind: keyof typeof NORMALIZERS, data: unknown): unknown {
  const normalize = NORMALIZERS[kind]
  if (Array.isArray(data)) return data.map((item) => (isRecord(item) ? normalize(item) : item))
  return isRecord(data) ? normalize(data) : data
}

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null
}
