import { PageHeading } from '#shared/ui/page-heading'
import { ManageMaterials } from '#features/materials/components/manage-materials'

export function Component() {
  return (
    <section>
      <PageHeading title="Manage Materials">Approve or reject uploaded study materials.</PageHeading>
      <ManageMaterials />
    </section>
  )
}
