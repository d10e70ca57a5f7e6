// The materials of a session a student booked. The key sits under the
// materials root so any change to materials (approval, upload, delete)
// refreshes it along with every other material list. With no network at all
// it answers with the materials of the session kept on this device for the
// student.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api/http-client'
import { queryKeys } from '../../../shared/api/query-keys'
import { withKeptFallback } from './material-queries'

export const bookedMaterialQueries = {
  forSession: (sessionId: string, email: string) =>
    queryOptions({
      queryKey: queryKeys.materials.ofBookedSession(sessionId, email),
      queryFn: ({ signal }) =>
        withKeptFallback(
          async () => {
            const materials = await api('listSessionMaterials', { params: { sessionId }, signal })
            // Students see only what an admin approved, whatever the server sends.
            return materials.filter((material) => material.status === 'approved')
          },
          email,
          sessionId,
        ),
      networkMode: 'offlineFirst',
    }),
}
