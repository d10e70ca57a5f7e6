// /unsubscribe/:token (docs/product.md#screens): the page a mail's
// "Unsubscribe" link opens, signed in or not. Mail clients' one-click
// unsubscribe posts to the API itself (List-Unsubscribe); this page is for a
// person, who sees what the link stops before pressing the button.
import { useParams } from 'react-router-dom'
import { UnsubscribeCard } from '#features/notifications/components/unsubscribe-card'
import { PageHeading } from '#shared/ui/page-heading'

export function Component() {
  const { token = '' } = useParams()
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <PageHeading title="Unsubscribe">From one kind of StudyHub email.</PageHeading>
      <UnsubscribeCard token={token} />
    </div>
  )
}
