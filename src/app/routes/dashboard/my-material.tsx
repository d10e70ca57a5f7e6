import { useAuth } from '../../../features/auth/auth-context'
import { PageHeading } from '../../../shared/ui/page-heading'
import { TutorMaterialsList } from '../../../features/materials/components/tutor-materials-list'

export function Component() {
  const { email } = useAuth()
  return (
    <section>
      <PageHeading title="My Uploaded Materials" />
      <TutorMaterialsList email={email ?? ''} />
    </section>
  )
}
