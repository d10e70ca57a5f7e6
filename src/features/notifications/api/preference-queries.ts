// What the signed-in user is told of and how (push and email per kind,
// reminders, time zone), and what a mail's unsubscribe link stops. The saved
// preferences are device-backed, so Settings shows them offline too.
//
// A change is saved as the user makes it, and shown at once: a screen draws
// the changes still on their way over the saved preferences
// (useShownPreferences). They go one at a time, in the order made, so a switch
// flipped twice ends as last flipped; the preferences are fetched again before
// a change stops being "on its way" (the MutationCache awaits the refresh), so
// nothing flickers back; and a refused change simply drops out of the drawing:
// the rollback. A change is never queued for later: made offline, it would
// reach the server long after the user had forgotten it (the screen says so).
import { mutationOptions, queryOptions, useMutationState } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { BodyOf } from '#contract/endpoints'
import type { NotificationPreferences } from '#contract/entities'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { backedByKeptAnswer } from '#shared/offline/kept-answer-query'

export type PreferencesChange = BodyOf<'saveNotificationPreferences'>

const SAVE_KEY = ['preferences', 'save'] as const
const invalidates = { invalidates: [queryKeys.preferences.all] }

export const preferenceQueries = {
  ofUser: (email: string) => {
    const queryKey = queryKeys.preferences.ofUser(email)
    return queryOptions({
      queryKey,
      ...backedByKeptAnswer(email, queryKey, ({ signal }) => api('getNotificationPreferences', { signal })),
    })
  },
  /** No one need be signed in: the token is the proof. */
  unsubscribe: (token: string) =>
    queryOptions({
      queryKey: queryKeys.preferences.unsubscribe(token),
      queryFn: ({ signal }) => api('getUnsubscribe', { params: { token }, signal }),
    }),
}

export const preferenceMutations = {
  save: () =>
    mutationOptions({
      mutationKey: SAVE_KEY,
      mutationFn: (change: PreferencesChange) => api('saveNotificationPreferences', { body: change }),
      scope: { id: 'notification-preferences' },
      // Sent now or refused now: never paused until the connection returns.
      networkMode: 'always',
      meta: invalidates,
    }),
  unsubscribe: () =>
    mutationOptions({
      mutationKey: ['preferences', 'unsubscribe'],
      mutationFn: (token: string) => api('unsubscribe', { params: { token } }),
      networkMode: 'always',
      meta: invalidates,
    }),
}

/** The preferences after `change`: each named kind's named channel, the leads and the zone, as the server applies it. */
export function withChange(preferences: NotificationPreferences, change: PreferencesChange): NotificationPreferences {
  const channels = { ...preferences.channels }
  for (const [kind, choice] of Object.entries(change.channels ?? {}) as [keyof typeof channels, object][]) {
    channels[kind] = { ...channels[kind], ...choice }
  }
  return {
    channels,
    reminderLeads: change.reminderLeads ?? preferences.reminderLeads,
    timeZone: change.timeZone ?? preferences.timeZone,
  }
}

/** `saved` with the changes still on their way drawn over it, oldest first: what the user has chosen. */
export function useShownPreferences(saved: NotificationPreferences | undefined): NotificationPreferences | undefined {
  const pending = useMutationState({
    filters: { mutationKey: SAVE_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as PreferencesChange,
  })
  return useMemo(() => (saved ? pending.reduce(withChange, saved) : undefined), [saved, pending])
}
