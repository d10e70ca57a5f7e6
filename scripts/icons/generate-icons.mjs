// Renders StudyHub's install icons and install-sheet screenshots from the SVG
// artwork beside this script into public/icons/ and public/screenshots/
// (referenced by public/manifest.webmanifest and index.html). Regenerate
// after changing the artwork: `node scripts/icons/generate-icons.mjs`.
//
// - icon-192.png, icon-512.png: purpose "any", rounded square on transparency.
// - icon-maskable-512.png: purpose "maskable", full-bleed brand blue; the
//   artwork already sits in the central safe zone (80% circle).
// - apple-touch-icon.png (180 px): iOS adds its own rounding and shows
//   transparency as black, so it is full-bleed too.
// - screenshots/home-narrow.png (540×1170) and home-wide.png (1280×800):
//   drawn mock-ups of the home page for the richer install sheet.
import { mkdir, readFile, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const here = new URL('.', import.meta.url)
const iconsDir = fileURLToPath(new URL('../../public/icons/', here))
const shotsDir = fileURLToPath(new URL('../../public/screenshots/', here))
const BRAND = '#1e3a8a'

const source = await readFile(new URL('studyhub-icon.svg', here), 'utf8')
// Square corners: the platform's mask (or iOS) does the rounding.
const fullBleed = Buffer.from(source.replace(/rx="112"/, 'rx="0"'))
const rounded = Buffer.from(source)

async function png(input, size, file, background) {
  let image = sharp(input, { density: ((72 * size) / 512) * 4 }).resize(size, size)
  if (background) image = image.flatten({ background })
  await image.png({ compressionLevel: 9 }).toFile(file)
  console.log(`${file}: ${(await stat(file)).size} B`)
}

await mkdir(iconsDir, { recursive: true })
await png(rounded, 192, `${iconsDir}icon-192.png`)
await png(rounded, 512, `${iconsDir}icon-512.png`)
await png(fullBleed, 512, `${iconsDir}icon-maskable-512.png`, BRAND)
await png(fullBleed, 180, `${iconsDir}apple-touch-icon.png`, BRAND)

function escape(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
}

const SESSIONS = [
  ['Calculus I: Limits', 'Ongoing', '#15803d', 4],
  ['Organic Chemistry Basics', 'Ongoing', '#15803d', 5],
  ['Intro to Python', 'Closed', '#b91c1c', 3],
  ['World History Review', 'Ongoing', '#15803d', 4],
  ['Essay Writing Clinic', 'Closed', '#b91c1c', 5],
  ['Linear Algebra', 'Ongoing', '#15803d', 4],
]

function card(x, y, w, [title, status, colour, stars]) {
  const starRow = Array.from({ length: 5 }, (_, i) => (i < stars ? '★' : '☆')).join('')
  return `
  <g transform="translate(${x} ${y})">
    <rect width="${w}" height="170" rx="14" fill="#fff" stroke="#e2e8f0"/>
    <text x="20" y="40" font-size="22" font-weight="700" fill="#0f172a">${escape(title)}</text>
    <text x="20" y="70" font-size="15" fill="#475569">Book a seat with an expert tutor.</text>
    <rect x="20" y="86" width="${status.length * 10 + 20}" height="26" rx="13" fill="${colour}"/>
    <text x="30" y="104" font-size="14" font-weight="700" fill="#fff">${status}</text>
    <text x="20" y="146" font-size="20" fill="#f59e0b">${starRow}</text>
    <rect x="${w - 130}" y="120" width="110" height="36" rx="8" fill="${BRAND}"/>
    <text x="${w - 75}" y="144" text-anchor="middle" font-size="15" font-weight="700" fill="#fff">Read More</text>
  </g>`
}

function homeMock(width, height, columns) {
  const pad = columns === 1 ? 24 : 64
  const heroHeight = columns === 1 ? 420 : 360
  const gap = 24
  const cardWidth = (width - pad * 2 - gap * (columns - 1)) / columns
  const cards = SESSIONS.slice(0, columns === 1 ? 3 : 6)
    .map((s, i) =>
      card(pad + (i % columns) * (cardWidth + gap), heroHeight + 120 + Math.floor(i / columns) * 194, cardWidth, s),
    )
    .join('')
  const headline = columns === 1 ? ['Unlock Knowledge,', 'Anytime, Anywhere'] : ['Unlock Knowledge, Anytime, Anywhere']
  const headlineSvg = headline
    .map(
      (line, i) =>
        `<text x="${width / 2}" y="${160 + i * 52}" text-anchor="middle" font-size="${columns === 1 ? 40 : 46}" font-weight="800" fill="#fff">${line}</text>`,
    )
    .join('')
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, Noto Sans, sans-serif">
  <rect width="${width}" height="${height}" fill="#f8fafc"/>
  <rect width="${width}" height="64" fill="#fff"/>
  <text x="${pad}" y="42" font-size="26" font-weight="800" fill="${BRAND}">StudyHub</text>
  <rect y="64" width="${width}" height="${heroHeight - 64}" fill="${BRAND}"/>
  ${headlineSvg}
  <text x="${width / 2}" y="${160 + headline.length * 52 + 10}" text-anchor="middle" font-size="18" fill="#dbeafe">Book sessions with expert tutors and boost your learning.</text>
  <rect x="${width / 2 - 100}" y="${heroHeight - 100}" width="200" height="50" rx="25" fill="#fbbf24"/>
  <text x="${width / 2}" y="${heroHeight - 68}" text-anchor="middle" font-size="18" font-weight="700" fill="#0f172a">Explore Sessions</text>
  <text x="${width / 2}" y="${heroHeight + 80}" text-anchor="middle" font-size="30" font-weight="800" fill="#0f172a">Available Study Sessions</text>
  ${cards}
</svg>`)
}

await mkdir(shotsDir, { recursive: true })
for (const [name, width, height, columns] of [
  ['home-narrow', 540, 1170, 1],
  ['home-wide', 1280, 820, 3],
]) {
  const file = `${shotsDir}${name}.png`
  await sharp(homeMock(width, height, columns))
    .png({ compressionLevel: 9 })
    .toFile(file)
  console.log(`${file}: ${(await stat(file)).size} B`)
}
