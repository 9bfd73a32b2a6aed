/**
 * `npx tsx scripts/make-screenshots.ts [app-url]`: the manifest's install screenshots (public/screenshots), taken
 * from the running app (`npm start`, default http://localhost:4173) with Debian's Chromium, then reduced to a
 * 256-colour palette so each stays small. The output is committed; run this again when the screens change a lot.
 * Both show an item page: narrow 375×812 and wide 1280×800.
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import sharp from 'sharp'

const APP = (process.argv[2] ?? 'http://localhost:4173').replace(/\/+$/, '')
const OUT = path.resolve(import.meta.dirname, '..', 'public', 'screenshots')
/** A seeded listing (supabase/seed.sql): Anna's Arket skirt. */
const ITEM = '/item/7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af'

const SHOTS = [
  { file: 'narrow.png', route: ITEM, width: 375, height: 812, ready: 'h1' },
  { file: 'wide.png', route: ITEM, width: 1280, height: 800, ready: 'h1' },
]

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  try {
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        serviceWorkers: 'block',
      })
      const page = await context.newPage()
      await page.goto(APP + shot.route)
      await page.locator(shot.ready).first().waitFor()
      await page.waitForLoadState('networkidle')
      // Fade-ins and the photo's decode.
      await page.waitForTimeout(1000)
      const png = await page.screenshot()
      await context.close()
      const out = path.join(OUT, shot.file)
      await sharp(png).png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 }).toFile(out)
      console.log(`${shot.file}: ${shot.width}x${shot.height}, ${fs.statSync(out).size} bytes`)
    }
  } finally {
    await browser.close()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
