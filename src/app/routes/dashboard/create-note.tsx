import { useAuth } from '../../../features/auth/auth-context'
import { PageHeading } from '../../../features/workspace/components/page-heading'
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
