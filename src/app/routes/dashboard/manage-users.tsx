import { PageHeading } from '#shared/ui/page-heading'
import { ManageUsers } from '#features/users/components/manage-users'

export function Component() {
  return (
    <section>
      <PageHeading title="Manage Users">Change roles between student and tutor, or delete accounts.</PageHeading>
      <ManageUsers />
    </section>
  )
}
