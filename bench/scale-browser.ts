/**
 * `npm run bench -- scale`, in the browser: a visitor's first card painted in real Chromium, on the app as `npm
 * start` builds and serves it (the project's Vite config, its security headers), against the stack the scale bench
 * seeded. The app is built once, pointing at the stack's fixed port (KREIS_BENCH_SCALE_API_PORT, default 54384);
 * each size's stack listens there in turn. Served on KREIS_BENCH_SCALE_APP_PORT (default 4384). Each run is a fresh
 * browser context (a first visit: no IndexedDB, no service worker, no HTTP cache) opening /shop; the time is from
 * navigation start to the frame after the first feed card entered the DOM. KREIS_BENCH_SCALE_BROWSER=off: skipped.
 */
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { build, preview } from 'vite'
import { securityHeaders } from '../scripts/security-headers.ts'
import { percentile, type Figure } from './figure.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
export const SCALE_APP_PORT = Number(process.env.KREIS_BENCH_SCALE_APP_PORT ?? 4384)
export const SCALE_API_PORT = Number(process.env.KREIS_BENCH_SCALE_API_PORT ?? 54384)
const APP = `http://127.0.0.1:${SCALE_APP_PORT}`
const API = `http://127.0.0.1:${SCALE_API_PORT}`
const BUILD_DIR = process.env.KREIS_BENCH_SCALE_BUILD_DIR ?? 'dist-bench-scale'
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const FEED_CARD = 'main a[href^="/item/"]'
const RUNS = 3
const COMMAND = 'npm run bench -- scale'

/** What the stack of each size must allow: the app's origin, on the port the build points at. */
export const scaleStackOverrides = { port: SCALE_API_PORT, siteUrl: APP, allowedOrigins: [APP] }

export interface AppServer {
  close(): Promise<void>
}

/** Builds the app against the bench's API port and serves it with the headers `npm start` sends. */
export async function startScaleApp(anonKey: string): Promise<AppServer> {
  process.env.VITE_SUPABASE_URL = API
  process.env.VITE_SUPABASE_ANON_KEY = anonKey
  process.env.KREIS_BUILD_DIR = BUILD_DIR
  await build({ root: ROOT, logLevel: 'warn' })
  const server = await preview({
    root: ROOT,
    logLevel: 'warn',
    preview: {
      host: '127.0.0.1',
      port: SCALE_APP_PORT,
      strictPort: true,
      open: false,
      headers: securityHeaders(path.join(ROOT, BUILD_DIR), API),
    },
  })
  return { close: () => server.close() }
}

/** A visitor's first card painted in Chromium, median of RUNS fresh first visits. */
export async function browserFigures(n: number): Promise<Figure[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  const samples: number[] = []
  const loads: number[] = []
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } })
      try {
        const page = await context.newPage()
        // A string, not a function: tsx wraps named functions in `__name(...)`, which the page does not have.
        await page.addInitScript({
          content: `new MutationObserver((_, observer) => {
            if (window.__firstCard !== undefined || !document.querySelector(${JSON.stringify(FEED_CARD)})) return
            window.__firstCard = null
            observer.disconnect()
            requestAnimationFrame(() => { window.__firstCard = performance.now() })
          }).observe(document, { childList: true, subtree: true })`,
        })
        loads.push(os.loadavg()[0]!)
        await page.goto(`${APP}/shop`)
        await page.waitForFunction(
          () => typeof (window as unknown as { __firstCard?: number | null }).__firstCard === 'number',
          undefined,
          { timeout: 120_000 },
        )
        samples.push(Number(await page.evaluate(() => (window as unknown as { __firstCard: number }).__firstCard)))
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return [
    {
      figure: `visitor's first card painted in Chromium, ${n.toLocaleString('en')} listings (median of ${RUNS})`,
      value: percentile(samples, 50),
      unit: 'ms',
      budget: { op: '<=', limit: 1500 },
      command: COMMAND,
      note: `navigation start → the frame after the first card of /shop entered the DOM, fresh context each run (no cache, no IndexedDB), the built app served as npm start serves it; runs: ${samples.map((s) => Math.round(s)).join(', ')} ms; load average (1 min) at each run's start: ${loads.map((l) => l.toFixed(1)).join(', ')}`,
    },
  ]
}
