import { PageHeading } from '#shared/ui/page-heading'
import { ManageReviews } from '#features/admin/components/manage-reviews'

export function Component() {
  return (
    <section>
      <PageHeading title="Manage Reviews">Every review on the platform.</PageHeading>
      <ManageReviews />
    </section>
  )
}
