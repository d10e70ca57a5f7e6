// The materials of a session a student booked. The key sits under the
// materials root so any change to materials (approval, upload, delete)
// refreshes it along with every other material list. Device-backed like the
// student's whole list (./material-queries.ts): with no network at all it
// answers with the session's list as last seen on this device.
import { queryOptions } from '@tanstack/react-query'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { deviceBacked } from '#shared/offline/device-backed-query'
import { keptMaterialsOf } from './material-queries'

export const bookedMaterialQueries = {
  forSession: (sessionId: string, email: string) => {
    const queryKey = queryKeys.materials.ofBookedSession(sessionId, email)
    return queryOptions({
      queryKey,
      ...deviceBacked(
        async ({ signal }) => {
          const materials = await api('listSessionMaterials', { params: { sessionId }, signal })
          // Students see only what an admin approved, whatever the server sends.
          return materials.filter((material) => material.status === 'approved')
        },
        keptMaterialsOf(email, queryKey, sessionId),
      ),
    })
  },
}
