// The hero's three background images, rendered by scripts/hero/ into
// public/hero/ as AVIF and WebP at a phone and a desktop width.

export const HERO_INTERVAL_MS = 5000
export const HERO_FADE_S = 1

const SCENES = ['study-desk', 'library-shelves', 'online-class'] as const
const WIDTHS = [720, 1600] as const

export interface HeroSlide {
  scene: (typeof SCENES)[number]
  avifSrcSet: string
  webpSrcSet: string
  fallbackSrc: string
}

const srcSet = (scene: string, ext: string) => WIDTHS.map((w) => `/hero/${scene}-${w}.${ext} ${w}w`).join(', ')

export const HERO_SLIDES: readonly HeroSlide[] = SCENES.map((scene) => ({
  scene,
  avifSrcSet: srcSet(scene, 'avif'),
  webpSrcSet: srcSet(scene, 'webp'),
  fallbackSrc: `/hero/${scene}-1600.webp`,
}))
