import { useUser } from '#features/auth/user-query'
import { PageHeading } from '#shared/ui/page-heading'
import { AddSessionForm } from '#features/tutor-sessions/components/add-session-form'

export function Component() {
  const user = useUser()
  const { email } = user
  return (
    <section>
      <PageHeading title="Add Session">
        Create a study session. An admin reviews it before students can book.
      </PageHeading>
      <AddSessionForm tutorName={user.displayName ?? ''} tutorEmail={email ?? ''} />
    </section>
  )
}
