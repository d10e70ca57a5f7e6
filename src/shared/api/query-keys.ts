// The one key tree of the query cache: every cached answer sits under its
// entity's root (['sessions'], ['bookings'], …), so a write names the roots
// it changes and every list and detail under them refreshes. What the device
// owns is read through the cache too (../offline/device-query.ts), under the
// same roots, and the writes waiting for the server under their own. A mutation
// declares them once, in its meta (`meta: { invalidates: [queryKeys.sessions.all] }`);
// the MutationCache (src/app/query-client.ts) invalidates them when it settles.
import type { QueryKey } from '@tanstack/react-query'
import type { Status } from '#contract/entities'

export interface PageFilters {
  page: number
  limit: number
}

export const queryKeys = {
  sessions: {
    all: ['sessions'] as const,
    /** The public lists (approved sessions) and the admin's list in the same shape. */
    list: (
      scope: 'approved' | 'admin',
      filters: PageFilters & { tutorEmail?: string | undefined; search?: Record<string, string> },
    ) => ['sessions', 'list', scope, filters] as const,
    /** Every approved session, unpaged (the tutors page). */
    approved: () => ['sessions', 'list', 'approved', 'all'] as const,
    detail: (id: string) => ['sessions', 'detail', id] as const,
    /** A session's meetings, its schedule expanded. */
    meetings: (id: string) => ['sessions', 'meetings', id] as const,
    /** The admin's table, by status. */
    adminPage: (filters: PageFilters & { status?: Status | undefined }) => ['sessions', 'admin', filters] as const,
    ofTutor: (email: string) => ['sessions', 'tutor', email] as const,
  },
  bookings: {
    all: ['bookings'] as const,
    ofStudent: (email: string) => ['bookings', 'student', email] as const,
    adminPage: (filters: PageFilters & { status?: Status | undefined }) => ['bookings', 'admin', filters] as const,
    /** The student's calendar feed address. */
    calendarFeed: (email: string) => ['bookings', 'calendar-feed', email] as const,
    /** A session's roster, for its tutor: every booking, so it sits under the bookings. */
    roster: (sessionId: string) => ['bookings', 'roster', sessionId] as const,
  },
  reviews: {
    all: ['reviews'] as const,
    ofSession: (sessionId: string) => ['reviews', 'session', sessionId] as const,
    adminPage: (filters: PageFilters) => ['reviews', 'admin', filters] as const,
  },
  materials: {
    all: ['materials'] as const,
    ofTutor: (email: string) => ['materials', 'tutor', email] as const,
    pending: () => ['materials', 'pending'] as const,
    adminPage: (filters: PageFilters) => ['materials', 'page', filters] as const,
    ofStudent: (email: string) => ['materials', 'student', email] as const,
    ofBookedSession: (sessionId: string, email: string) => ['materials', 'session', sessionId, email] as const,
    /** The materials the student keeps on this device, and their files. */
    kept: (email: string) => ['materials', 'kept', email] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    inbox: (email: string) => ['notifications', 'inbox', email] as const,
    unread: (email: string) => ['notifications', 'unread', email] as const,
  },
  /** What a user is told of, and how; and what an unsubscribe link stops (no one need be signed in). */
  preferences: {
    all: ['preferences'] as const,
    ofUser: (email: string) => ['preferences', 'user', email] as const,
    unsubscribe: (token: string) => ['preferences', 'unsubscribe', token] as const,
  },
  notes: {
    all: ['notes'] as const,
    /** The server's list, merged into the device's notes (its data is only how many it listed). */
    ofStudent: (email: string) => ['notes', 'student', email] as const,
    /** The notes this device holds for the student: what My Notes shows. */
    onDevice: (email: string) => ['notes', 'device', email] as const,
  },
  /** The user's writes that wait for the server, of every kind. */
  outbox: {
    all: ['outbox'] as const,
    ofUser: (email: string) => ['outbox', email] as const,
  },
  stats: {
    all: ['stats'] as const,
    admin: () => ['stats', 'admin'] as const,
    student: (email: string) => ['stats', 'student', email] as const,
    tutor: (email: string) => ['stats', 'tutor', email] as const,
  },
  /** A demo build's mailbox: the mail its server sent (never in a live build). */
  mailbox: {
    all: ['mailbox'] as const,
    of: (to: string | null) => ['mailbox', 'list', to] as const,
    mail: (id: string) => ['mailbox', 'mail', id] as const,
    /** Whom a mailed link's one-time code is for. */
    code: (code: string) => ['mailbox', 'code', code] as const,
  },
  users: {
    all: ['users'] as const,
    page: (filters: PageFilters & { search: string }) => ['users', 'list', filters] as const,
  },
} as const

/** What a mutation declares about the cache; read by the MutationCache. */
interface AppMutationMeta extends Record<string, unknown> {
  /** Roots (or exact keys) whose cached answers the write may have changed. */
  invalidates?: readonly QueryKey[]
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: AppMutationMeta
  }
}
