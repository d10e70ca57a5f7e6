// Placeholder for a screen whose issue has not landed yet. Every use of it is
// replaced by the issue that owns the screen.
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700">This screen is not built yet.</p>
    </section>
  )
}
