// /demo/reset-password?code=… (demo builds only): where a demo password
// reset mail's link leads.
import { ResetPassword } from '#features/demo/account-code-pages'
import { PageHeading } from '#shared/ui/page-heading'

export function Component() {
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <PageHeading title="Choose a new password" />
      <ResetPassword />
    </div>
  )
}
