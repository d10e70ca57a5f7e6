import { useUser } from '#features/auth/user-query'
import { PageHeading } from '#shared/ui/page-heading'
import { MyNotesList } from '#features/notes/components/my-notes-list'

export function Component() {
  const { email } = useUser()
  return (
    <section>
      <PageHeading title="My Notes" />
      <MyNotesList email={email ?? ''} />
    </section>
  )
}
