// /dashboard/admin: the admin's numbers (docs/product.md#screens).
import { useQuery } from '@tanstack/react-query'
import { statQueries } from '../../../features/stats/api/stat-queries'
import { StatCard, StatGrid, StatsState } from '../../../features/stats/components/stat-card'
import { errorMessage } from '../../../shared/api/api-error'

export function Component() {
  const stats = useQuery(statQueries.admin())
  return (
    <section aria-labelledby="admin-dashboard">
      <h1 id="admin-dashboard" className="mb-6 text-2xl font-bold text-ink">
        Admin Dashboard
      </h1>
      {stats.data ? (
        <StatGrid label="Platform statistics">
          <StatCard label="Total Users" value={stats.data.totalUsers} />
          <StatCard
            label="Total Sessions"
            value={stats.data.totalSessions}
            detail={`Pending ${stats.data.pending} · Approved ${stats.data.approved} · Rejected ${stats.data.rejected}`}
          />
          <StatCard label="Total Materials" value={stats.data.totalMaterials} />
        </StatGrid>
      ) : (
        <StatsState error={stats.isError ? errorMessage(stats.error, 'Failed to load statistics') : null} />
      )}
    </section>
  )
}
