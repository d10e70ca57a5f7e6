// What deleting a user takes with them, in words for the admin's confirmation.
import type { ResponseOf } from '#contract/endpoints'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** "2 sessions, 5 bookings, 1 review, 3 notes and 0 materials" */
export function describeOwned(owned: ResponseOf<'getUserOwned'>): string {
  const parts = [
    plural(owned.sessions, 'session', 'sessions'),
    plural(owned.bookings, 'booking', 'bookings'),
    plural(owned.reviews, 'review', 'reviews'),
    plural(owned.notes, 'note', 'notes'),
    plural(owned.materials, 'material', 'materials'),
  ]
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`
}
