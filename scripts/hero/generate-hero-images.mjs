// Renders the home page's three hero images from the SVG scenes beside this
// script into public/hero/, as AVIF and WebP at a phone and a desktop width.
// The scenes are the project's own artwork, so the images can be regenerated
// at any time: `node scripts/hero/generate-hero-images.mjs`.
import { mkdir, readFile, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

export const SCENES = ['study-desk', 'library-shelves', 'online-class']
export const WIDTHS = [720, 1600]

const here = new URL('.', import.meta.url)
const outDir = fileURLToPath(new URL('../../public/hero/', here))

await mkdir(outDir, { recursive: true })
for (const scene of SCENES) {
  const svg = await readFile(new URL(`${scene}.svg`, here))
  for (const width of WIDTHS) {
    // Render at the target width directly so edges stay crisp.
    const base = sharp(svg, { density: (72 * width) / 1600 }).resize({ width })
    const avif = `${outDir}${scene}-${width}.avif`
    const webp = `${outDir}${scene}-${width}.webp`
    await base.clone().avif({ quality: 50, effort: 4 }).toFile(avif)
    await base.clone().webp({ quality: 72 }).toFile(webp)
    const sizes = await Promise.all([stat(avif), stat(webp)])
    console.log(`${scene} ${width}w: avif ${sizes[0].size} B, webp ${sizes[1].size} B`)
  }
}
