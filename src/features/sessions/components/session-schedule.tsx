// A course's schedule where its details are read (the details page, the
// admin's approval dialog): the schedule in words and each meeting, in the
// session's zone and the viewer's where they differ; skipped meetings are not
// there, moved ones say so. A session of one meeting shows nothing here: its
// facts say when.
import { useQuery } from '@tanstack/react-query'
import type { Session } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { formatWhen } from '#shared/format/date'
import { formatWhenInZones } from '#shared/format/date-parts'
import { QueryState } from '#shared/ui/query-state'
import { sessionQueries } from '../api/session-queries'
import { scheduleText } from '../schedule-text'

export function SessionSchedule({
  session,
  headingLevel: Heading = 'h2',
}: {
  session: Pick<Session, '_id' | 'schedule'>
  /** h3 inside a dialog, whose title is the h2. */
  headingLevel?: 'h2' | 'h3'
}) {
  const { schedule } = session
  const meetings = useQuery({ ...sessionQueries.meetings(session._id), enabled: Boolean(schedule) })
  if (!schedule) return null
  return (
    <section aria-labelledby={`schedule-${session._id}`} className="mt-6" data-testid="session-schedule">
      <Heading id={`schedule-${session._id}`} className="text-lg font-semibold text-ink">
        Schedule
      </Heading>
      <QueryState
        query={meetings}
        loading="Loading meetings…"
        error={(error) => errorMessage(error, 'Failed to load the meetings')}
      >
        {(list) => (
          <>
            <p className="mt-1 text-ink" data-testid="schedule-text">
              {scheduleText(schedule, list)}
            </p>
            <ol className="mt-2 space-y-1 text-sm text-ink" aria-label="Meetings">
              {list.map((meeting) => (
                <li key={meeting.originalStart} data-testid="meeting">
                  <time dateTime={meeting.start}>
                    {formatWhenInZones(meeting.start, meeting.end, schedule.timeZone)}
                  </time>
                  {meeting.moved && (
                    <span className="text-ink-muted">
                      {' '}
                      · moved from {formatWhen(meeting.originalStart, undefined, schedule.timeZone)}
                    </span>
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
      </QueryState>
    </section>
  )
}
