// Whether the class repeats, and how: the same fields in Add Session and Edit class (the form keeps their values
// and problems). Phone first: each day is a 44 px chip, the fields stack at 360 px, and the preview says how many
// meetings the schedule makes, computed here (../schedule-rule.ts) before anything is sent.
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { DEFAULT_TIME_ZONE } from '#contract/time-zone'
import { deviceTimeZone } from '#shared/format/device-time-zone'
import { tutorSessionQueries } from '../api/tutor-session-queries'
import { errorIdOf, FieldError, fieldAttributes, type FieldState } from '#shared/ui/field-problems'
import { INPUT, LABEL } from '#shared/ui/ui-classes'
import {
  chosenDays,
  MAX_INTERVAL_WEEKS,
  toggledDays,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type PreviewMeeting,
  type ScheduleField,
  type ScheduleFormValues,
} from '../schedule-rule'

export interface ScheduleFieldsProps {
  baseId: string
  values: ScheduleFormValues
  edit: (change: Partial<ScheduleFormValues>) => void
  problem: (field: ScheduleField) => FieldState
  /** The meetings the schedule makes now (none while it has problems). */
  meetings: PreviewMeeting[]
  /** The weekday of the class start, chosen when the tutor turns Weekly on with no day chosen. */
  startDay?: (typeof WEEKDAYS)[number]
}

/** The zone a new schedule is in: the tutor's saved one, else this device's (UTC when it names none). */
export function useDefaultZone(email: string): string {
  const saved = useQuery(tutorSessionQueries.savedZone(email)).data
  return saved ?? deviceTimeZone() ?? DEFAULT_TIME_ZONE
}

/** Every zone this browser knows, the chosen one first. */
function zoneChoices(chosen: string): string[] {
  return [...new Set([chosen, DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone')])]
}

/** "Tue 13 Oct, 17:00" in the schedule's zone. */
export function meetingTime(instant: Date, timeZone: string): string {
  return instant.toLocaleString(undefined, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  })
}

function Select({ id, label, children, ...select }: React.ComponentProps<'select'> & { label: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select id={id} className={`${INPUT} min-h-11`} {...select}>
        {children}
      </select>
    </div>
  )
}

export function ScheduleFields({ baseId, values, edit, problem, meetings, startDay }: ScheduleFieldsProps) {
  const id = (name: string) => `${baseId}-${name}`
  const weekly = values.repeats === 'weekly'
  const days = problem('days')
  const chosen = chosenDays(values)
  const last = meetings.at(-1)
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2" data-testid="schedule-fields">
      <Select
        id={id('repeats')}
        label="Repeats"
        value={values.repeats}
        onChange={(e) => {
          const repeats = e.target.value as ScheduleFormValues['repeats']
          edit(repeats === 'weekly' && !values.days && startDay ? { repeats, days: startDay } : { repeats })
        }}
      >
        <option value="none">Does not repeat</option>
        <option value="weekly">Weekly</option>
      </Select>
      {weekly ? (
        <>
          <Select
            id={id('timeZone')}
            label="Time zone"
            value={values.timeZone}
            onChange={(e) => edit({ timeZone: e.target.value })}
            aria-describedby={id('timeZone-hint')}
          >
            {zoneChoices(values.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </Select>
          <p id={id('timeZone-hint')} className="-mt-3 text-xs text-ink-muted sm:col-span-2">
            The class start and every meeting are at this zone’s clock time, also when its clocks change.
          </p>
          <fieldset className="sm:col-span-2">
            <legend className={LABEL}>Days</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {WEEKDAYS.map((day, index) => (
                <label
                  key={day}
                  className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-full border border-line-strong px-3 text-sm font-semibold text-ink has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2"
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    id={index === 0 ? id('days') : undefined}
                    checked={chosen.includes(day)}
                    onChange={(e) => edit({ days: toggledDays(values, day, e.target.checked) })}
                    {...(index === 0 ? fieldAttributes(days, []) : {})}
                  />
                  {WEEKDAY_LABELS[day]}
                </label>
              ))}
            </div>
            <FieldError id={errorIdOf(id('days'))}>{days.error}</FieldError>
          </fieldset>
          <Select
            id={id('interval')}
            label="Every"
            value={values.interval}
            onChange={(e) => edit({ interval: e.target.value })}
            {...fieldAttributes(problem('interval'), [])}
          >
            {Array.from({ length: MAX_INTERVAL_WEEKS }, (_, i) => String(i + 1)).map((n) => (
              <option key={n} value={n}>
                {n === '1' ? 'week' : `${n} weeks`}
              </option>
            ))}
          </Select>
          <Select
            id={id('ends')}
            label="Ends"
            value={values.ends}
            onChange={(e) => edit({ ends: e.target.value as ScheduleFormValues['ends'] })}
          >
            <option value="count">After a number of meetings</option>
            <option value="until">On a date</option>
          </Select>
          <div>
            {values.ends === 'until' ? (
              <>
                <label htmlFor={id('until')} className={LABEL}>
                  Last day
                </label>
                <input
                  id={id('until')}
                  type="date"
                  className={INPUT}
                  value={values.until}
                  onChange={(e) => edit({ until: e.target.value })}
                  {...fieldAttributes(problem('until'), [])}
                />
                <FieldError id={errorIdOf(id('until'))}>{problem('until').error}</FieldError>
              </>
            ) : (
              <>
                <label htmlFor={id('count')} className={LABEL}>
                  Number of meetings
                </label>
                <input
                  id={id('count')}
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  className={INPUT}
                  value={values.count}
                  onChange={(e) => edit({ count: e.target.value })}
                  {...fieldAttributes(problem('count'), [])}
                />
                <FieldError id={errorIdOf(id('count'))}>{problem('count').error}</FieldError>
              </>
            )}
          </div>
          <p role="status" className="text-sm font-medium text-ink sm:col-span-2" data-testid="meetings-preview">
            {meetings.length > 0 && last
              ? `${meetings.length} ${meetings.length === 1 ? 'meeting' : 'meetings'}: ${meetingTime(meetings[0]!.start, values.timeZone)} to ${meetingTime(last.start, values.timeZone)}.`
              : ''}
          </p>
          <FieldError id={errorIdOf(id('interval'))}>{problem('interval').error}</FieldError>
        </>
      ) : null}
    </div>
  )
}
