// /dashboard/admin: the admin's numbers (docs/product.md#screens), and how mail goes today where the server says.
import { useQuery } from '@tanstack/react-query'
import { useUser } from '#features/auth/user-query'
import { statQueries } from '#features/stats/api/stat-queries'
import { MailHealthCard } from '#features/stats/components/mail-health'
import { StatCard, StatGrid, StatsState } from '#features/stats/components/stat-card'

export function Component() {
  const { email } = useUser()
  const stats = useQuery(statQueries.admin(email ?? ''))
  return (
    <section aria-labelledby="admin-dashboard">
      <h1 id="admin-dashboard" className="mb-6 text-2xl font-bold text-ink">
        Admin Dashboard
      </h1>
      <StatsState query={stats}>
        {(data) => (
          <StatGrid label="Platform statistics">
            <StatCard label="Total Users" value={data.totalUsers} />
            <StatCard
              label="Total Sessions"
              value={data.totalSessions}
              detail={`Pending ${data.pending} · Approved ${data.approved} · Rejected ${data.rejected}`}
            />
            <StatCard label="Total Materials" value={data.totalMaterials} />
            {data.mail ? <MailHealthCard mail={data.mail} /> : null}
          </StatGrid>
        )}
      </StatsState>
    </section>
  )
}
