// Settings' Notifications section: per kind of event the user gets (their
// role's kinds), a push switch and an email switch; a student's reminders
// before each class; the time zone dates in mail are written in. Each change
// is saved as it is made and shown at once (../api/preference-queries.ts);
// a refused one goes back as it was, with the reason said above the switches.
// Offline nothing can be changed, and the section says that a change is not
// kept to send later.
import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState, type ReactNode } from 'react'
import type { NotificationPreferences, ReminderLead, Role } from '#contract/entities'
import { DEFAULT_TIME_ZONE } from '#contract/time-zone'
import { errorMessage } from '#shared/api/api-error'
import { isNetworkError } from '#shared/offline/device-backed-query'
import { useServerGate, type ServerGate } from '#shared/offline/use-server-gate'
import { QueryState } from '#shared/ui/query-state'
import { ALERT_BOX, NOTICE_BOX } from '#shared/ui/tone-classes'
import { INPUT, LABEL } from '#shared/ui/ui-classes'
import {
  preferenceMutations,
  preferenceQueries,
  useShownPreferences,
  type PreferencesChange,
} from '../api/preference-queries'
import { KIND_LABELS, KINDS_OF_ROLE } from '../notification-kinds'

const LEAD_LABELS: Record<ReminderLead, string> = { '1h': '1 hour before', '1d': '1 day before' }
// The contract's leads, in its order, without the contract's schemas (the app ships no zod).
const REMINDER_LEADS = Object.keys(LEAD_LABELS) as ReminderLead[]

export const OFFLINE_SETTINGS =
  'You are offline, so these settings cannot be changed now. Changes are not kept to send later: change them when you are back online.'

/** Why a change did not stick, in words that say it is undone. */
function failureText(error: unknown): string {
  if (isNetworkError(error))
    return 'Your change was not saved: the server could not be reached. It is back as it was; try again when you are online.'
  return `Your change was not saved: ${errorMessage(error, 'something went wrong')}. It is back as it was.`
}

/** Every zone this browser knows, UTC and the saved one first among them. */
function zoneChoices(saved: string): string[] {
  return [...new Set([DEFAULT_TIME_ZONE, saved, ...Intl.supportedValuesOf('timeZone')])]
}

/** A switch with its visible name: the whole label is the 44 px target. */
function Switch({
  label,
  checked,
  gate,
  onChange,
}: {
  label: ReactNode
  checked: boolean
  gate: ServerGate
  onChange: (checked: boolean) => void
}) {
  return (
    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center gap-2 rounded px-2 text-sm font-medium text-ink hover:bg-muted has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <input
        type="checkbox"
        role="switch"
        className="h-5 w-5 accent-brand-700"
        checked={checked}
        {...gate}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  )
}

function PreferencesForm({
  role,
  shown,
  gate,
  save,
}: {
  role: Role
  shown: NotificationPreferences
  gate: ServerGate
  save: (change: PreferencesChange) => void
}) {
  const zoneId = useId()
  const leadsId = useId()
  const zones = useMemo(() => zoneChoices(shown.timeZone), [shown.timeZone])
  return (
    <div className="mt-3 space-y-5">
      <ul className="divide-y divide-line rounded border border-line">
        {KINDS_OF_ROLE[role].map((kind) => {
          const choice = shown.channels[kind]
          return (
            <li key={kind} className="flex flex-wrap items-center justify-between gap-x-3 px-3 py-1">
              <span id={`kind-${kind}`} className="min-w-0 flex-1 py-2 text-sm text-ink">
                {KIND_LABELS[kind]}
              </span>
              <div role="group" aria-labelledby={`kind-${kind}`} className="flex">
                <Switch
                  label="Push"
                  checked={choice.push}
                  gate={gate}
                  onChange={(push) => save({ channels: { [kind]: { push } } })}
                />
                <Switch
                  label="Email"
                  checked={choice.email}
                  gate={gate}
                  onChange={(email) => save({ channels: { [kind]: { email } } })}
                />
              </div>
            </li>
          )
        })}
      </ul>
      {role === 'student' && (
        <div role="group" aria-labelledby={leadsId}>
          <p id={leadsId} className={LABEL}>
            Remind me before each class
          </p>
          <div className="mt-1 flex flex-wrap gap-x-4">
            {REMINDER_LEADS.map((lead) => (
              <Switch
                key={lead}
                label={LEAD_LABELS[lead]}
                checked={shown.reminderLeads.includes(lead)}
                gate={gate}
                onChange={(on) =>
                  save({
                    reminderLeads: REMINDER_LEADS.filter((l) => (l === lead ? on : shown.reminderLeads.includes(l))),
                  })
                }
              />
            ))}
          </div>
        </div>
      )}
      <div>
        <label htmlFor={zoneId} className={LABEL}>
          Time zone
        </label>
        <select
          id={zoneId}
          className={INPUT}
          value={shown.timeZone}
          {...gate}
          aria-describedby={[`${zoneId}-hint`, gate['aria-describedby']].filter(Boolean).join(' ')}
          onChange={(event) => save({ timeZone: event.target.value })}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id={`${zoneId}-hint`} className="mt-1 text-sm text-ink-muted">
          Dates and times in your emails are written in this zone.
        </p>
      </div>
    </div>
  )
}

export default function NotificationSettings({ email, role }: { email: string; role: Role }) {
  const saved = useQuery(preferenceQueries.ofUser(email))
  const shown = useShownPreferences(saved.data)
  const { offlineId, needsServer } = useServerGate()
  const [failure, setFailure] = useState<string | null>(null)
  const { mutate } = useMutation({ ...preferenceMutations.save(), onError: (error) => setFailure(failureText(error)) })
  const save = (change: PreferencesChange) => {
    setFailure(null)
    mutate(change)
  }
  return (
    <section aria-labelledby="settings-notifications" className="mt-6 rounded-lg border border-line bg-surface p-4">
      <h2 id="settings-notifications" className="text-lg font-semibold">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Your inbox always has every notification. Choose what also reaches you: a push notification on the devices where
        you allowed them, or an email.
      </p>
      {needsServer.disabled && (
        <p id={offlineId} className={`mt-3 text-sm ${NOTICE_BOX}`}>
          {OFFLINE_SETTINGS}
        </p>
      )}
      {failure && (
        <p role="alert" className={`mt-3 text-sm ${ALERT_BOX}`}>
          {failure}
        </p>
      )}
      <QueryState query={saved} loading="Loading your notification settings…">
        {() => shown && <PreferencesForm role={role} shown={shown} gate={needsServer} save={save} />}
      </QueryState>
    </section>
  )
}
