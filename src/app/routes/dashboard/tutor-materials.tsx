import { useQuery } from '@tanstack/react-query'
import { useUser } from '#features/auth/user-query'
import { PageHeading } from '#shared/ui/page-heading'
import { UploadMaterialForm } from '#features/materials/components/upload-material-form'
import { tutorSessionQueries } from '#features/tutor-sessions/api/tutor-session-queries'

export function Component() {
  const { email } = useUser()
  const sessions = useQuery(tutorSessionQueries.byTutor(email ?? ''))
  return (
    <section>
      <PageHeading title="Upload Materials">Add study material to one of your approved sessions.</PageHeading>
      <UploadMaterialForm tutorEmail={email ?? ''} sessions={sessions} />
    </section>
  )
}
