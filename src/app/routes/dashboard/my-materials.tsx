import { useUser } from '#features/auth/user-query'
import { PageHeading } from '#shared/ui/page-heading'
import { StudentMaterialsGrid } from '#features/materials/components/student-materials-grid'

export function Component() {
  const { email } = useUser()
  return (
    <section>
      <PageHeading title="My Study Materials">Approved materials of the sessions you are booked on.</PageHeading>
      <StudentMaterialsGrid email={email ?? ''} />
    </section>
  )
}
