// Home (docs/product.md#screens). This is the only route in the first-load bundle: it must not
// import framer-motion, zod, axios, dexie, firebase or msw statically. The hero is for visitors: a signed-in
// student starts on their day instead (../student-day.tsx, loaded only for them).
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router-dom'
import { useOptionalUser } from '#features/auth/user-query'
import { sessionQueries } from '#features/sessions/api/session-queries'
import { HeroSlideshow } from '#features/sessions/components/hero-slideshow'
import { SessionRatingSummary } from '#features/reviews/components/session-rating-summary'
import { SessionCard } from '#features/sessions/components/session-card'
import { registrationLabel } from '#features/sessions/registration-status'
import { QueryState } from '#shared/ui/query-state'

const StudentDay = lazy(() => import('../student-day'))

export function Component() {
  const user = useOptionalUser()
  // Rendered ahead of the app, and while React adopts that markup, nobody is known to be signed in: the hero.
  const student = user?.role === 'student' && user.email ? user.email : null
  return (
    <>
      {student ? (
        <div className="mx-auto max-w-6xl px-4 pt-6">
          {/* The day's room while its code loads, so the cards below do not move when it comes. */}
          <Suspense fallback={<div className="min-h-[19rem]" />}>
            <StudentDay email={student} title={`Welcome, ${user?.displayName || student}!`} />
          </Suspense>
        </div>
      ) : (
        <Hero />
      )}
      <AvailableSessions />
      <WhyChooseUs />
      <LearnAnywhere />
    </>
  )
}

function Hero() {
  return (
    <HeroSlideshow>
      <h1 id="hero-title" className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
        Unlock Knowledge, Anytime, Anywhere
      </h1>
      <p className="mt-5 max-w-2xl text-lg text-slate-100 sm:text-xl">
        Book sessions with expert tutors, access study materials whenever you need them and boost your learning.
      </p>
      <Link
        to="/sessions"
        className="mt-8 inline-block rounded-full bg-amber-400 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-300"
      >
        Explore Sessions
      </Link>
    </HeroSlideshow>
  )
}

function AvailableSessions() {
  const query = useQuery(sessionQueries.home())
  return (
    <section aria-labelledby="available-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="available-title" className="text-3xl font-bold text-ink">
        Available Study Sessions
      </h2>
      {/* While the cards load, the room they will take (one, two or three
          columns), so nothing below moves when they arrive. */}
      <div className={query.isPending ? 'mt-6 min-h-[60rem] md:min-h-[50rem] lg:min-h-[33rem]' : 'mt-6'}>
        <QueryState
          query={query}
          loading="Loading sessions…"
          error={() => 'Failed to load study sessions'}
          empty="No approved sessions available yet."
          isEmpty={(page) => page.items.length === 0}
        >
          {(page) => (
            <ul className="mt-2 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
              {page.items.map((session) => (
                <li key={session._id}>
                  {/* Each card hydrated on its own: React adopts a Suspense boundary's markup in a commit of its
                      own, so the cards that came with the page are adopted in short tasks, not one commit of them
                      all (docs/performance.md#the-entry-in-two-tasks). Nothing in a card suspends. Not on
                      /study-sessions: its screen re-renders with who is signed in while the cards would still be
                      waiting, and React then adopts them all at once, in one longer task than before. */}
                  <Suspense fallback={null}>
                    <SessionCard
                      session={session}
                      label={registrationLabel(session)}
                      rating={<SessionRatingSummary session={session} />}
                    />
                  </Suspense>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  )
}

interface Feature {
  title: string
  text: string
  /** An outline path drawn in a 24×24 box. */
  icon: string
}

// Simple outline icons: emoji render differently (or not at all) across systems.
const ICONS = {
  tutor: 'M12 4 2 9l10 5 10-5-10-5Zm-6 7.5V16c0 1.7 2.7 3 6 3s6-1.3 6-3v-4.5M22 9v6',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3M12 15v2',
  books: 'M4 5h4v15H4zM10 5h4v15h-4zM16.2 5.6l3.8-1 3 14.5-3.8 1z',
  laptop: 'M5 6h14v9H5zM3 18h18',
  download: 'M12 4v11m0 0-4-4m4 4 4-4M5 20h14',
  puzzle: 'M9 4h3a2 2 0 1 1 4 0h3v5a2 2 0 1 0 0 4v6h-6a2 2 0 1 0-4 0H5v-6a2 2 0 1 1 0-4V4h4Z',
} as const

function FeatureBlock({ id, title, features, tone }: { id: string; title: string; features: Feature[]; tone: string }) {
  return (
    <section aria-labelledby={id} className={tone}>
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id={id} className="text-3xl font-bold text-ink">
          {title}
        </h2>
        <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-line bg-surface p-6 shadow-sm">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-9 w-9 text-accent"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={feature.icon} />
              </svg>
              <h3 className="mt-3 text-lg font-semibold text-ink">{feature.title}</h3>
              <p className="mt-2 text-ink-muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function WhyChooseUs() {
  return (
    <FeatureBlock
      id="why-title"
      title="Why Choose Us?"
      tone="bg-accent-soft"
      features={[
        {
          icon: ICONS.tutor,
          title: 'Expert tutors',
          text: 'Learn from tutors who know their subject and love teaching it.',
        },
        {
          icon: ICONS.lock,
          title: 'Secure bookings',
          text: 'Book a place in a few clicks; every booking is checked and confirmed by an admin.',
        },
        {
          icon: ICONS.books,
          title: 'Quality resources',
          text: 'Study materials are reviewed before they reach you, so what you read is worth your time.',
        },
      ]}
    />
  )
}

function LearnAnywhere() {
  return (
    <FeatureBlock
      id="anywhere-title"
      title="Learn from Anywhere, Anytime"
      tone="bg-surface"
      features={[
        { icon: ICONS.laptop, title: 'Online sessions', text: 'Join live study sessions from wherever you are.' },
        {
          icon: ICONS.download,
          title: 'Downloadable materials',
          text: 'Keep the materials of the sessions you booked and open them whenever you need them.',
        },
        {
          icon: ICONS.puzzle,
          title: 'Interactive resources',
          text: 'Notes, reviews and shared links keep you working with the material, not just reading it.',
        },
      ]}
    />
  )
}
