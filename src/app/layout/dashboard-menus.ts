// The dashboard's sidebar by role (docs/product.md#screens): labels and paths
// exactly as the product names them, and where each role's dashboard starts.
import type { Role } from '#contract/entities'

export interface MenuItem {
  label: string
  to: string
}

export const DASHBOARD_MENUS: Record<Role, readonly MenuItem[]> = {
  student: [
    { label: 'Student Dashboard', to: '/dashboard/student' },
    { label: 'My Bookings', to: '/dashboard/my-bookings' },
    { label: 'Create Notes', to: '/dashboard/create-note' },
    { label: 'My Notes', to: '/dashboard/my-notes' },
    { label: 'My Study Materials', to: '/dashboard/my-materials' },
  ],
  tutor: [
    { label: 'Tutor Dashboard', to: '/dashboard/tutor' },
    { label: 'Add Session', to: '/dashboard/add-session' },
    { label: 'My Sessions', to: '/dashboard/my-sessions' },
    { label: 'Upload Materials', to: '/dashboard/tutor-materials' },
    { label: 'My Uploaded Materials', to: '/dashboard/my-material' },
  ],
  admin: [
    { label: 'Admin Dashboard', to: '/dashboard/admin' },
    { label: 'Manage Sessions', to: '/dashboard/manage-sessions' },
    { label: 'Manage Bookings', to: '/dashboard/manage-bookings' },
    { label: 'Manage Users', to: '/dashboard/manage-users' },
    { label: 'Manage Reviews', to: '/dashboard/manage-reviews' },
    { label: 'Manage Materials', to: '/dashboard/manage-materials' },
  ],
}

export function dashboardHome(role: Role): string {
  return DASHBOARD_MENUS[role][0]!.to
}
