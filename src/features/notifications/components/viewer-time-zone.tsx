// The signed-in user's saved zone becomes the one every time on screen is
// shown in (#shared/format/date); signed out, the browser's again. Its own
// chunk: a visitor's first load never carries the preferences query.
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { setViewerTimeZone } from '#shared/format/date'
import { preferenceQueries } from '../api/preference-queries'

export default function ViewerTimeZone({ email }: { email: string }) {
  const { data } = useQuery(preferenceQueries.ofUser(email))
  const zone = data?.timeZone
  useEffect(() => {
    setViewerTimeZone(zone)
    return () => setViewerTimeZone(undefined)
  }, [zone])
  return null
}
