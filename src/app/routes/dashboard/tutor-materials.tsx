import { useAuth } from '../../../features/auth/auth-context'
import { PageHeading } from '../../../shared/ui/page-heading'
import { UploadMaterialForm } from '../../../features/materials/components/upload-material-form'

export function Component() {
  const { email } = useAuth()
  return (
    <section>
      <PageHeading title="Upload Materials">Add study material to one of your approved sessions.</PageHeading>
      <UploadMaterialForm tutorEmail={email ?? ''} />
    </section>
  )
}
