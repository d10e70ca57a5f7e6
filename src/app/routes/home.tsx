import { Link } from 'react-router-dom'

export function Component() {
  return (
    <section className="bg-brand-900 px-4 py-24 text-center text-white">
      <h1 className="text-4xl font-extrabold sm:text-5xl">Unlock Knowledge, Anytime, Anywhere</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">
        Book sessions with expert tutors, access study materials and boost your learning.
      </p>
      <Link
        to="/sessions"
        className="mt-8 inline-block rounded-full bg-amber-400 px-6 py-3 font-semibold text-slate-900 hover:bg-amber-300"
      >
        Explore Sessions
      </Link>
    </section>
  )
}
