import type { HeroSlide } from './hero-slides'

/** One full-bleed hero image. Decorative: the headline carries the meaning, so alt is empty. */
export function HeroPicture({ slide, priority = false }: { slide: HeroSlide; priority?: boolean }) {
  return (
    <picture>
      <source type="image/avif" srcSet={slide.avifSrcSet} sizes="100vw" />
      <source type="image/webp" srcSet={slide.webpSrcSet} sizes="100vw" />
      <img
        src={slide.fallbackSrc}
        alt=""
        width={1600}
        height={900}
        data-scene={slide.scene}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        className="absolute inset-0 h-full w-full object-cover"
      />
    </picture>
  )
}
