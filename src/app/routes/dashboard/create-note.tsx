import { useUser } from '#features/auth/user-query'
import { PageHeading } from '#shared/ui/page-heading'
import { CreateNoteForm } from '#features/notes/components/create-note-form'

export function Component() {
  const { email } = useUser()
  return (
    <section>
      <PageHeading title="Create Notes">Keep notes for your study sessions.</PageHeading>
      <CreateNoteForm email={email ?? ''} />
    </section>
  )
}
