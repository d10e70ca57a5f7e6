// /about (docs/product.md#screens): what StudyHub is and how it works.
import { Link } from 'react-router-dom'
import { IS_DEMO } from '#shared/config/env'

export function Component() {
  return (
    <article aria-labelledby="about-title" className="mx-auto max-w-3xl px-4 py-12 text-ink">
      <h1 id="about-title" className="text-3xl font-bold text-ink">
        About StudyHub
      </h1>
      <p className="mt-4">
        StudyHub brings students and tutors together around study sessions. Tutors offer sessions on the subjects they
        teach; students find one that fits, book a place, read what others thought of it and use the materials the tutor
        shares. It is an installable web app, so it can live on your home screen and keeps working when your connection
        drops.
      </p>
      <h2 className="mt-8 text-xl font-semibold text-ink">How booking works</h2>
      <p className="mt-2">
        Every session has a registration window. While it is open the session is marked Ongoing and a signed-in student
        can press Book Now; before it opens, and once it has ended, the session is Closed. A booking starts out awaiting
        approval, and an admin then approves or rejects it; after a rejection you may ask again while registration is
        open. You can follow your bookings under My Bookings in your dashboard.
      </p>
      <h2 className="mt-8 text-xl font-semibold text-ink">How approval works</h2>
      <p className="mt-2">
        A tutor&rsquo;s new session is not public straight away: an admin reviews it and approves it, setting it as free
        or paid, or rejects it, after which the tutor may submit it again for another review. Only approved sessions
        appear on{' '}
        <Link to="/study-sessions" className="font-medium text-accent underline">
          Study Sessions
        </Link>
        .
      </p>
      <h2 className="mt-8 text-xl font-semibold text-ink">Materials, notes and reviews</h2>
      <p className="mt-2">
        Tutors upload study materials for their sessions, and an admin approves each one before students see it.
        Students can open the materials of the sessions they booked, keep their own notes, and review each session they
        booked once, with a rating from 1 to 5 and a comment.
      </p>
      {IS_DEMO && (
        <>
          <h2 className="mt-8 text-xl font-semibold text-ink">This is a demo</h2>
          <p className="mt-2">
            This build runs without any backend. The server, its data and the sign-in service all live inside your
            browser, in the app&rsquo;s service worker, and start from a set of sample sessions, reviews and accounts.
            Nothing you do here leaves your device, and the sample tutors and sessions are made up.
          </p>
        </>
      )}
    </article>
  )
}
