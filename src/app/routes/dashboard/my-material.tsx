import { useUser } from '#features/auth/user-query'
import { PageHeading } from '#shared/ui/page-heading'
import { TutorMaterialsList } from '#features/materials/components/tutor-materials-list'

export function Component() {
  const { email } = useUser()
  return (
    <section>
      <PageHeading title="My Uploaded Materials" />
      <TutorMaterialsList email={email ?? ''} />
    </section>
  )
}
