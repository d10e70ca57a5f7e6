import { PageHeading } from '#shared/ui/page-heading'
import { ManageSessions } from '#features/admin/components/manage-sessions'
import { SessionSchedule } from '#features/sessions/components/session-schedule'
import { ClassActions } from '#features/tutor-sessions/components/class-actions'

export function Component() {
  return (
    <section>
      <PageHeading title="Manage Sessions">
        Approve or reject new sessions; update, delete, move or cancel approved ones.
      </PageHeading>
      <ManageSessions
        classActions={(session) => <ClassActions session={session} />}
        schedule={(session) => <SessionSchedule session={session} headingLevel="h3" />}
      />
    </section>
  )
}
