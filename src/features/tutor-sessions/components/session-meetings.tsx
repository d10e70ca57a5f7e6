// Edit class: the meetings of a session that repeats (GET /sessions/:id/meetings), each with Skip and Move. A
// meeting is named by the start its rule gives it; a move keeps its length (the server sets its end). Nothing is
// sent from here: the dialog saves the skips and moves with the schedule, and the server tells the students.
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Schedule } from '#contract/entities'
import { SMALL_BUTTON, SECONDARY_BUTTON, INPUT, LABEL } from '#shared/ui/ui-classes'
import { tutorSessionQueries } from '../api/tutor-session-queries'
import { inputsInZone, instantInZone } from '../schedule-rule'
import { meetingTime } from './schedule-fields'

export type MeetingChanges = Required<Pick<Schedule, 'skipped' | 'moved'>>

const ROW_BUTTON = `${SMALL_BUTTON} min-h-11 min-w-11 border border-line-strong bg-surface text-ink hover:bg-muted`

export function SessionMeetings({
  sessionId,
  timeZone,
  changes,
  onChange,
}: {
  sessionId: string
  timeZone: string
  changes: MeetingChanges
  onChange: (changes: MeetingChanges) => void
}) {
  const meetings = useQuery(tutorSessionQueries.meetings(sessionId))
  const [moving, setMoving] = useState<string | null>(null)
  const id = useId()
  if (meetings.isPending) return <p className="text-sm text-ink-muted">Loading the meetings…</p>
  if (meetings.isError) return <p className="text-sm text-danger">The meetings could not be loaded.</p>
  // Meetings skipped before are not among the server's: listed too, so a skip can be undone.
  const rows = [
    ...meetings.data.map((m) => ({ key: m.originalStart, start: m.start })),
    ...changes.skipped
      .filter((s) => !meetings.data.some((m) => m.originalStart === s))
      .map((s) => ({ key: s, start: s })),
  ].sort((a, b) => a.key.localeCompare(b.key))
  const skip = (key: string, on: boolean) =>
    onChange({
      skipped: on ? [...changes.skipped, key] : changes.skipped.filter((s) => s !== key),
      moved: changes.moved.filter((m) => m.from !== key),
    })
  const move = (key: string, to: string) =>
    onChange({ ...changes, moved: [...changes.moved.filter((m) => m.from !== key), { from: key, to }] })

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={LABEL}>
        Meetings ({timeZone})
      </h3>
      <ul className="mt-1 divide-y divide-line rounded border border-line" data-testid="session-meetings">
        {rows.map(({ key, start }) => {
          const skipped = changes.skipped.includes(key)
          const movedTo = changes.moved.find((m) => m.from === key)?.to
          const shown = meetingTime(new Date(movedTo ?? start), timeZone)
          const inputId = `${id}-${key}`
          const value = inputsInZone(new Date(movedTo ?? start), timeZone)
          return (
            <li key={key} className="flex flex-wrap items-center gap-2 px-3 py-2">
              <span className={`grow text-sm text-ink ${skipped ? 'line-through' : ''}`}>
                {shown}
                {skipped ? ' (skipped)' : movedTo && movedTo !== key ? ' (moved)' : ''}
              </span>
              {skipped ? (
                <button type="button" className={ROW_BUTTON} onClick={() => skip(key, false)}>
                  Undo skip<span className="sr-only"> of {shown}</span>
                </button>
              ) : (
                <>
                  <button type="button" className={ROW_BUTTON} onClick={() => skip(key, true)}>
                    Skip<span className="sr-only"> {shown}</span>
                  </button>
                  <button
                    type="button"
                    className={ROW_BUTTON}
                    aria-expanded={moving === key}
                    onClick={() => setMoving(moving === key ? null : key)}
                  >
                    Move<span className="sr-only"> {shown}</span>
                  </button>
                </>
              )}
              {moving === key && !skipped ? (
                <div className="w-full">
                  <label htmlFor={inputId} className={LABEL}>
                    New start of {meetingTime(new Date(start), timeZone)}
                  </label>
                  <input
                    id={inputId}
                    type="datetime-local"
                    className={INPUT}
                    value={`${value.date}T${value.time}`}
                    onChange={(e) => {
                      const [date = '', time = ''] = e.target.value.split('T')
                      const to = instantInZone(date, time.slice(0, 5), timeZone)
                      if (to) move(key, to.toISOString())
                    }}
                  />
                  <button type="button" className={`${SECONDARY_BUTTON} mt-2 min-h-11`} onClick={() => setMoving(null)}>
                    Done
                  </button>
                </div>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
