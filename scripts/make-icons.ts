/**
 * `npx tsx scripts/make-icons.ts`: renders the Kreis mark (a "K" inside a ring: Kreis means circle) to the PWA
 * icons in public/icons and public/favicon.svg. The output is committed; run this again only when the mark changes.
 * The "K" is drawn with strokes, not text, so the result does not depend on the fonts installed on the machine.
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

export const BRAND_GREEN = '#166534'
export const BRAND_CREAM = '#fdf6e3'

const MARK =
  `<circle cx="256" cy="256" r="184" fill="none" stroke="${BRAND_CREAM}" stroke-width="28"/>` +
  `<path d="M206 160V352M206 262L306 160M232 236L312 352" fill="none" stroke="${BRAND_CREAM}" ` +
  `stroke-width="36" stroke-linecap="round" stroke-linejoin="round"/>`

/** Round badge with transparent corners: favicon and the "any" purpose icons. */
const ROUND = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><circle cx="256" cy="256" r="256" fill="${BRAND_GREEN}"/>${MARK}</svg>`
/** Full-bleed square; the mark stays inside the maskable safe zone (a circle of radius 40 % of the size). */
const SQUARE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="${BRAND_GREEN}"/>${MARK}</svg>`

const PUBLIC_DIR = path.resolve(import.meta.dirname, '..', 'public')
const ICONS_DIR = path.join(PUBLIC_DIR, 'icons')

const OUTPUTS: { file: string; svg: string; size: number }[] = [
  { file: 'icon-192.png', svg: ROUND, size: 192 },
  { file: 'icon-512.png', svg: ROUND, size: 512 },
  { file: 'icon-maskable-512.png', svg: SQUARE, size: 512 },
  // iOS masks the touch icon itself and shows transparent corners black, so it gets the square.
  { file: 'apple-touch-icon-180.png', svg: SQUARE, size: 180 },
  { file: 'favicon-32.png', svg: ROUND, size: 32 },
]

async function main(): Promise<void> {
  fs.mkdirSync(ICONS_DIR, { recursive: true })
  for (const { file, svg, size } of OUTPUTS) {
    await sharp(Buffer.from(svg), { density: 72 * (size / 512) * 4 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(ICONS_DIR, file))
    console.log(`public/icons/${file} (${size}×${size})`)
  }
  fs.writeFileSync(path.join(PUBLIC_DIR, 'favicon.svg'), ROUND + '\n')
  console.log('public/favicon.svg')
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
