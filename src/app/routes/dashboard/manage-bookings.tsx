import { PageHeading } from '#shared/ui/page-heading'
import { ManageBookings } from '#features/admin/components/manage-bookings'

export function Component() {
  return (
    <section>
      <PageHeading title="Manage Bookings">Approve or reject bookings, and edit or delete approved ones.</PageHeading>
      <ManageBookings />
    </section>
  )
}
