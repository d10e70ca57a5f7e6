// /demo/mailbox (demo builds only): every mail the demo server would have
// sent, by recipient (docs/decisions/0081-demo-mailbox.md). Opens on the
// signed-in user's mail when they have some.
import { useOptionalUser } from '#features/auth/user-query'
import { Mailbox } from '#features/demo/mailbox'
import { PageHeading } from '#shared/ui/page-heading'

export function Component() {
  const user = useOptionalUser()
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeading title="Mailbox">
        Every mail the demo server would have sent. It stays on this device: nothing is really mailed.
      </PageHeading>
      <Mailbox preferredRecipient={user?.email} />
    </div>
  )
}
