import { useAuth } from '../../../features/auth/auth-context'
import { PageHeading } from '../../../shared/ui/page-heading'
import { CreateNoteForm } from '../../../features/notes/components/create-note-form'

export function Component() {
  const { email } = useAuth()
  return (
    <section>
      <PageHeading title="Create Notes">Keep notes for your study sessions.</PageHeading>
      <CreateNoteForm email={email ?? ''} />
    </section>
  )
}
