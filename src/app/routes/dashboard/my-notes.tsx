import { useAuth } from '../../../features/auth/auth-context'
import { PageHeading } from '../../../shared/ui/page-heading'
import { MyNotesList } from '../../../features/notes/components/my-notes-list'

export function Component() {
  const { email } = useAuth()
  return (
    <section>
      <PageHeading title="My Notes" />
      <MyNotesList email={email ?? ''} />
    </section>
  )
}
