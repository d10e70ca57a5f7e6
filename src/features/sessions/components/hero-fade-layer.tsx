// The animated part of the hero. This whole module is loaded by import() from
// hero-slideshow.tsx once the page is idle, so framer-motion, LazyMotion's
// domAnimation features included, never reaches the first load.
// Slide 0 is the static base below this layer; this layer only holds the
// other slides. The incoming slide fades in above the outgoing one, which
// stays opaque until the fade is over, so the base never shows through.
import { domAnimation, LazyMotion, m } from 'framer-motion'
import { HeroPicture } from './hero-picture'
import { HERO_FADE_S, HERO_SLIDES } from './hero-slides'

export default function HeroFadeLayer({ index }: { index: number }) {
  return (
    <LazyMotion features={domAnimation} strict>
      {HERO_SLIDES.map((slide, i) => {
        if (i === 0) return null
        const visible = i === index
        // Covered by a later slide fading in: vanish once it is fully shown.
        const coveredFromAbove = !visible && index > i
        return (
          <m.div
            key={slide.scene}
            className="absolute inset-0"
            data-hero-slide={i}
            initial={false}
            animate={{ opacity: visible ? 1 : 0 }}
            transition={coveredFromAbove ? { duration: 0, delay: HERO_FADE_S } : { duration: HERO_FADE_S }}
          >
            <HeroPicture slide={slide} />
          </m.div>
        )
      })}
    </LazyMotion>
  )
}
