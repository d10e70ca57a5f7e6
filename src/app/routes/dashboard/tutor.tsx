// /dashboard/tutor: the tutor's numbers and shortcuts (docs/product.md#screens).
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { useUser } from '#features/auth/user-query'
import { formatAverageRating, statQueries } from '#features/stats/api/stat-queries'
import { StatCard, StatGrid, StatsState } from '#features/stats/components/stat-card'

const SHORTCUT =
  'tap inline-flex items-center rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900'

export function Component() {
  const user = useUser()
  const { email } = user
  const stats = useQuery({ ...statQueries.tutor(email ?? ''), enabled: Boolean(email) })
  return (
    <section aria-labelledby="tutor-dashboard">
      <h1 id="tutor-dashboard" className="text-2xl font-bold text-ink">
        Tutor Dashboard
      </h1>
      <p className="mt-1 mb-6 text-ink-muted">Welcome back, {user.displayName || email}.</p>
      <StatsState query={stats} holdRoomFor={4}>
        {(data) => (
          <StatGrid label="Your teaching statistics">
            <StatCard label="Total Sessions" value={data.totalSessions} />
            <StatCard label="Materials Uploaded" value={data.totalMaterials} />
            <StatCard label="My Students" value={data.totalStudents} />
            <StatCard label="Average Rating" value={formatAverageRating(data.avgRating)} />
          </StatGrid>
        )}
      </StatsState>
      <h2 className="mt-8 text-lg font-bold text-ink">Shortcuts</h2>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to="/dashboard/add-session" className={SHORTCUT}>
          Add a session
        </Link>
        <Link to="/dashboard/tutor-materials" className={SHORTCUT}>
          Upload a material
        </Link>
      </div>
    </section>
  )
}
