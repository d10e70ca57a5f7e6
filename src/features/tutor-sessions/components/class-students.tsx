import { useQuery } from '@tanstack/react-query'
import { tutorSessionQueries } from '../api/tutor-session-queries'

/** "2 booked students will be told." (from the session's roster; without it, the words without the number). */
export function ClassStudentsTold({ sessionId }: { sessionId: string }) {
  const count = useQuery(tutorSessionQueries.toldCount(sessionId)).data
  const text =
    count === undefined
      ? 'Booked students will be told.'
      : count === 0
        ? 'No student has booked it yet.'
        : `${count} booked ${count === 1 ? 'student' : 'students'} will be told.`
  return (
    <p className="text-sm font-medium text-ink" data-testid="students-told">
      {text}
    </p>
  )
}
