// /demo/verify-email?code=… (demo builds only): where a demo verification
// mail's link leads.
import { VerifyEmail } from '#features/demo/account-code-pages'
import { PageHeading } from '#shared/ui/page-heading'

export function Component() {
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <PageHeading title="Verify your email" />
      <VerifyEmail />
    </div>
  )
}
