import { useAuth } from '../../../features/auth/auth-context'
import { PageHeading } from '../../../shared/ui/page-heading'
import { AddSessionForm } from '../../../features/tutor-sessions/components/add-session-form'

export function Component() {
  const { user, email } = useAuth()
  return (
    <section>
      <PageHeading title="Add Session">
        Create a study session. An admin reviews it before students can book.
      </PageHeading>
      <AddSessionForm tutorName={user?.displayName ?? ''} tutorEmail={email ?? ''} />
    </section>
  )
}
