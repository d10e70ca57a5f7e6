// /dashboard: each role starts on its own home screen.
import { Navigate } from 'react-router-dom'
import { useAuth } from '../../../features/auth/auth-context'
import { dashboardHome } from '../../layout/dashboard-menus'

export function Component() {
  const { role } = useAuth()
  return <Navigate to={dashboardHome(role)} replace />
}
