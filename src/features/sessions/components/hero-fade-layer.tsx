// The animated part of the hero. This whole module is loaded by import() from
// hero-slideshow.tsx once the page is idle, so no animation code reaches the
// first load. It uses framer-motion's mini animate (the browser's own Web
// Animations API, about 3 KiB gzip) rather than <motion.div> and its feature
// bundles (about 30 KiB): an opacity fade needs nothing more
// (docs/performance.md#javascript-budget-first-pass).
// Slide 0 is the static base below this layer; this layer only holds the
// other slides. The incoming slide fades in above the outgoing one, which
// stays opaque until the fade is over, so the base never shows through.
import { useAnimate } from 'framer-motion/mini'
import { useEffect, useRef, useState } from 'react'
import { HeroPicture } from './hero-picture'
import { HERO_FADE_S, HERO_SLIDES } from './hero-slides'

export default function HeroFadeLayer({ index }: { index: number }) {
  const [scope, animate] = useAnimate<HTMLDivElement>()
  // The slide shown when the layer mounted is already opaque: no fade in.
  const [mountedAt] = useState(index)
  const shown = useRef(index)

  useEffect(() => {
    if (shown.current === index) return
    shown.current = index
    for (const element of scope.current.querySelectorAll<HTMLElement>('[data-hero-slide]')) {
      const i = Number(element.dataset.heroSlide)
      if (i === index) animate(element, { opacity: 1 }, { duration: HERO_FADE_S })
      // Covered by a later slide fading in: vanish once it is fully shown.
      else if (index > i) animate(element, { opacity: 0 }, { duration: 0, delay: HERO_FADE_S })
      // Above the incoming one (back to the first slide): fade out over it.
      else animate(element, { opacity: 0 }, { duration: HERO_FADE_S })
    }
  }, [index, animate, scope])

  return (
    <div ref={scope} className="absolute inset-0">
      {HERO_SLIDES.map((slide, i) =>
        i === 0 ? null : (
          <div
            key={slide.scene}
            className="absolute inset-0"
            data-hero-slide={i}
            style={{ opacity: i === mountedAt ? 1 : 0 }}
          >
            <HeroPicture slide={slide} />
          </div>
        ),
      )}
    </div>
  )
}
