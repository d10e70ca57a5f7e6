import { PageHeading } from '#shared/ui/page-heading'
import { ManageSessions } from '#features/admin/components/manage-sessions'

export function Component() {
  return (
    <section>
      <PageHeading title="Manage Sessions">
        Approve or reject new sessions, and update or delete approved ones.
      </PageHeading>
      <ManageSessions />
    </section>
  )
}
