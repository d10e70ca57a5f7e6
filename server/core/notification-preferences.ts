// What a user is told of, and how: the defaults, and a user's changes over
// them (docs/rules/notifications.md). The inbox always has every notification;
// push and email are per kind of event. A user's stored row holds only what
// they changed, so a default changed later reaches everyone who kept it.
import {
  NOTIFICATION_KINDS,
  type ChannelChoice,
  type NotificationKind,
  type NotificationPreferences,
  type ReminderLead,
} from '#contract/entities'
import { MAILED_BY_DEFAULT_KINDS } from '#contract/mailed-by-default'
import { DEFAULT_TIME_ZONE } from '#contract/time-zone'
import type { PreferencesRow } from './store'

/** Kinds mailed unless the user says otherwise (the app turns them on again from its notification card). */
const MAILED_BY_DEFAULT: ReadonlySet<NotificationKind> = new Set<NotificationKind>(MAILED_BY_DEFAULT_KINDS)

/** One reminder, a day before each class, unless the student chooses otherwise. */
const DEFAULT_REMINDER_LEADS: readonly ReminderLead[] = ['1d']

/** Push reaches only devices where the user allowed it, so it is on for every kind until they turn it off. */
const defaultChoice = (kind: NotificationKind): ChannelChoice => ({ push: true, email: MAILED_BY_DEFAULT.has(kind) })

/** A user's preferences in full: their changes over the defaults. */
export function resolvePreferences(row: PreferencesRow | undefined): NotificationPreferences {
  const channels = {} as Record<NotificationKind, ChannelChoice>
  for (const kind of NOTIFICATION_KINDS) channels[kind] = { ...defaultChoice(kind), ...row?.channels[kind] }
  return {
    channels,
    reminderLeads: [...(row?.reminderLeads ?? DEFAULT_REMINDER_LEADS)],
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  }
}

export interface PreferencesChange {
  channels?: Partial<Record<NotificationKind, Partial<ChannelChoice>>>
  reminderLeads?: ReminderLead[]
  timeZone?: string
}

/** The row after a change: each named kind's named channel, the leads and the zone, over what was stored. */
export function changedPreferences(
  email: string,
  row: PreferencesRow | undefined,
  change: PreferencesChange,
): PreferencesRow {
  const channels = { ...row?.channels }
  for (const [kind, choice] of Object.entries(change.channels ?? {}) as [NotificationKind, Partial<ChannelChoice>][]) {
    channels[kind] = { ...defaultChoice(kind), ...channels[kind], ...choice }
  }
  return {
    email,
    channels,
    reminderLeads: change.reminderLeads ? [...new Set(change.reminderLeads)] : (row?.reminderLeads ?? null),
    timeZone: change.timeZone ?? row?.timeZone ?? null,
  }
}
