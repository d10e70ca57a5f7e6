// /admin/stats, /student/stats/:email, /tutor/stats/:email: the dashboards' counts.
import type { RouteImpl } from '../pipeline'
import { holdsSeat } from '../seats'
import { approvedMaterialsFor } from './materials'

/** Midnight UTC of the day `now` is in: "today" for the mail health. */
const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))

export const getAdminStats: RouteImpl<'getAdminStats'> = async ({ deps, store }) => {
  const [totalUsers, counts, totalMaterials, mail] = await Promise.all([
    store.users.count(),
    store.sessions.counts(),
    store.materials.count(),
    store.deliveries.mailSince(startOfDay(deps.now()).toISOString()),
  ])
  const { total: totalSessions, pending, approved, rejected } = counts
  return {
    body: {
      totalUsers,
      totalSessions,
      pending,
      approved,
      rejected,
      totalMaterials,
      mail: {
        enabled: deps.mailEnabled ?? false,
        sentToday: mail.sent,
        failedToday: mail.failed,
        lastError: mail.lastError,
        lastErrorAt: mail.lastErrorAt,
      },
    },
  }
}

export const getStudentStats: RouteImpl<'getStudentStats'> = async ({ store, params }) => {
  const [totalBookings, totalReviews, materials] = await Promise.all([
    store.bookings.countOfStudent(params.email),
    store.reviews.countOfStudent(params.email),
    approvedMaterialsFor(store, params.email),
  ])
  return { body: { totalBookings, totalReviews, totalMaterials: materials.length } }
}

export const getTutorStats: RouteImpl<'getTutorStats'> = async ({ store, params }) => {
  const sessionIds = await store.sessions.idsOfTutor(params.email)
  const [totalMaterials, bookings, ratings] = await Promise.all([
    store.materials.countOfTutor(params.email),
    store.bookings.ofTutor(params.email),
    store.reviews.ratings(sessionIds),
  ])
  // "My students": everyone holding a seat (pending or approved), not those rejected, cancelled or in line.
  const students = new Set(bookings.filter((b) => holdsSeat(b.status)).map((b) => b.studentEmail))
  let sum = 0
  let count = 0
  for (const entry of ratings.values()) {
    sum += entry.sum
    count += entry.count
  }
  return {
    body: {
      totalSessions: sessionIds.length,
      totalMaterials,
      totalStudents: students.size,
      avgRating: count === 0 ? null : sum / count,
    },
  }
}
