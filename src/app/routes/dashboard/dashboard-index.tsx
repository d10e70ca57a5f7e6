// /dashboard: each role starts on its own home screen.
import { Navigate } from 'react-router-dom'
import { useUser } from '#features/auth/user-query'
import { dashboardHome } from '../../layout/dashboard-menus'

export function Component() {
  const { role } = useUser()
  return <Navigate to={dashboardHome(role)} replace />
}
