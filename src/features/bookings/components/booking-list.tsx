// A student's bookings in three groups, Upcoming, Past and Cancelled
// (../booking-groups.ts), as My Bookings and the student dashboard show them.
// The cancels waiting on the device are read once for the whole list, by a
// probe loaded with the cards (./cancel-control.tsx), so the cards render at
// once and learn of a waiting cancel when the device answers.
import { lazy, Suspense, useState } from 'react'
import type { Booking } from '#contract/entities'
import { groupBookings, type BookingGroup } from '../booking-groups'
import { BookingCard } from './booking-card'
import type { QueuedCancels } from './cancel-control'

const QueuedCancelsProbe = lazy(() => import('./cancel-control'))

const GROUP_TITLE: Record<BookingGroup, string> = {
  upcoming: 'Upcoming',
  past: 'Past',
  cancelled: 'Cancelled',
}

const HEADING_BELOW = { h2: 'h3', h3: 'h4' } as const

export function BookingList({
  bookings,
  email,
  headingLevel: Heading = 'h2',
}: {
  bookings: readonly Booking[]
  email: string
  /** The groups' headings; each card's title is one level below. */
  headingLevel?: 'h2' | 'h3'
}) {
  const [queued, setQueued] = useState<QueuedCancels>()
  // The time the list was shown: what is to come and what is over stay put while the student reads.
  const [now] = useState(Date.now)
  return (
    <>
      <Suspense fallback={null}>
        <QueuedCancelsProbe email={email} onChange={setQueued} />
      </Suspense>
      <div className="space-y-8">
        {groupBookings(bookings, now).map(({ group, bookings: inGroup }) => (
          <section key={group} aria-labelledby={`bookings-${group}`} data-testid={`bookings-${group}`}>
            <Heading id={`bookings-${group}`} className="mb-3 text-lg font-bold text-ink">
              {GROUP_TITLE[group]} <span className="font-normal text-ink-muted">({inGroup.length})</span>
            </Heading>
            <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {inGroup.map((booking) => (
                <BookingCard
                  key={booking._id}
                  booking={booking}
                  queued={queued ? (queued.get(booking._id) ?? null) : undefined}
                  headingLevel={HEADING_BELOW[Heading]}
                  now={now}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  )
}
