import { useUser } from '#features/auth/user-query'
import { PageHeading } from '#shared/ui/page-heading'
import { MySessionsList } from '#features/tutor-sessions/components/my-sessions-list'

export function Component() {
  const { email } = useUser()
  return (
    <section>
      <PageHeading title="My Sessions">
        Rejected sessions can be resubmitted for approval. Approved ones can be moved or cancelled until the class
        starts.
      </PageHeading>
      <MySessionsList email={email ?? ''} />
    </section>
  )
}
