// The home page's hero (docs/product.md#screens): three background images, a
// new one every 5 s with a 1 s fade. It can be paused (WCAG 2.2.2) and holds
// still when the viewer prefers reduced motion, unless they press Play.
//
// The first image is plain markup with fetchpriority=high so the largest
// paint never waits for script; the fade layer (framer-motion) is loaded
// after the page is idle, and only when the show is playing.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { whenIdle } from '#shared/scheduling/when-idle'
import { HeroPicture } from './hero-picture'
import { HERO_INTERVAL_MS, HERO_SLIDES } from './hero-slides'

const HeroFadeLayer = lazy(() => import('./hero-fade-layer'))

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function subscribeReducedMotion(onChange: () => void) {
  const query = globalThis.matchMedia?.(REDUCED_MOTION)
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}
const prefersReducedMotion = () => globalThis.matchMedia?.(REDUCED_MOTION).matches ?? false

export function HeroSlideshow({ children }: { children: ReactNode }) {
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false)
  // null: the viewer has not chosen, so the motion preference decides.
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null)
  const playing = userPlaying ?? !reducedMotion
  const [index, setIndex] = useState(0)
  const [layerWanted, setLayerWanted] = useState(false)

  useEffect(() => {
    if (!playing) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % HERO_SLIDES.length), HERO_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [playing])

  useEffect(() => {
    if (!playing || layerWanted) return
    return whenIdle(() => setLayerWanted(true))
  }, [playing, layerWanted])

  const current = HERO_SLIDES[index] ?? HERO_SLIDES[0]!
  return (
    <section
      aria-labelledby="hero-title"
      aria-roledescription="slideshow"
      data-testid="hero"
      data-slide-index={index}
      data-playing={playing}
      className="relative isolate flex min-h-[28rem] items-center overflow-hidden bg-slate-900 sm:min-h-[34rem]"
    >
      <div className="absolute inset-0 -z-10" aria-hidden="true">
        <HeroPicture slide={HERO_SLIDES[0]!} priority />
        {layerWanted ? (
          <Suspense fallback={index === 0 ? null : <HeroPicture slide={current} />}>
            <HeroFadeLayer index={index} />
          </Suspense>
        ) : (
          index !== 0 && <HeroPicture slide={current} />
        )}
        {/* Keeps white text above 4.5:1 on any part of any image. */}
        <div className="absolute inset-0 bg-gradient-to-r from-slate-950/85 via-slate-950/70 to-slate-950/55" />
      </div>
      <div className="mx-auto w-full max-w-6xl px-4 py-20 text-white">{children}</div>
      <button
        type="button"
        onClick={() => setUserPlaying(!playing)}
        className="absolute right-4 bottom-4 inline-flex items-center gap-2 rounded-full bg-slate-950/80 px-4 py-2 text-sm font-medium text-white ring-1 ring-white/40 hover:bg-slate-950"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          {playing ? <path d="M5 3h3v14H5zM12 3h3v14h-3z" /> : <path d="M5 3l12 7-12 7z" />}
        </svg>
        {playing ? 'Pause slideshow' : 'Play slideshow'}
      </button>
    </section>
  )
}
