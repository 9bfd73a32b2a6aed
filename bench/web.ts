/**
 * The built app as a visitor meets it (docs/architecture.md §6, docs/decisions.md#D-first-route-speed), on `npm start`'s build and a freshly
 * seeded local stack on the bench's own ports:
 * - JS for the first route (gzip) and all JS, from the build's index.html and assets;
 * - Lighthouse 12.8.2 mobile (simulated throttling), median of 3, on /, /shop and /item/:id — run through
 *   `npx --yes lighthouse@12.8.2` so it stays out of devDependencies (docs/frontend.md §4);
 * - the offline repeat visit: a visitor who opened /shop once reloads it with no network (service worker
 *   allowed); time from navigation start to the first feed card in the DOM, median of 5.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium } from '@playwright/test'
import { firstRouteFiles } from '../scripts/app-loader.ts'
import { LOCALES, type Locale } from '../src/i18n/locales.ts'
import { percentile, type Figure } from './figure.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
// Overridable so that two engineers can measure at once on one machine (each on ports of their own).
const APP_PORT = Number(process.env.KREIS_BENCH_WEB_APP_PORT ?? 4374)
const API_PORT = Number(process.env.KREIS_BENCH_WEB_API_PORT ?? 54374)
const APP = `http://localhost:${APP_PORT}`
const BUILD_DIR = process.env.KREIS_BENCH_WEB_BUILD_DIR ?? 'dist-bench-web'
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const LIGHTHOUSE = 'lighthouse@12.8.2'
const LH_RUNS = 3
const OFFLINE_RUNS = 5
/** A seeded listing (supabase/seed.sql): Anna's Arket skirt, 4 photos. */
const ITEM_PATH = '/item/7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af'
const FEED_CARD = 'main a[href^="/item/"]'
const COMMAND = 'npm run bench -- web'

const kB = (bytes: number) => bytes / 1000
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length

async function waitFor(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** `npm start` (build + stack + preview) on the bench's ports and a fresh data directory. */
async function startApp(dataDir: string): Promise<() => Promise<void>> {
  const server = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      KREIS_DATA_DIR: dataDir,
      KREIS_API_PORT: String(API_PORT),
      KREIS_SITE_URL: APP,
      KREIS_BUILD_DIR: BUILD_DIR,
      VITE_SUPABASE_URL: `http://127.0.0.1:${API_PORT}`,
      VITE_SUPABASE_ANON_KEY: '',
    },
  })
  const stop = async () => {
    if (server.exitCode !== null) return
    const exited = new Promise((r) => server.once('exit', r))
    process.kill(-server.pid!, 'SIGTERM')
    await exited
  }
  try {
    await waitFor(`http://127.0.0.1:${API_PORT}/health`, server, 300_000)
    await waitFor(APP, server, 60_000)
  } catch (e) {
    await stop()
    throw e
  }
  return stop
}

/**
 * The scripts index.html loads first for a visitor in `locale` (its list: entry + modulepreloads + that language's
 * catalogue) and every JS file of the build.
 */
export function jsSizes(buildDir: string, locale: Locale): { firstRoute: number; all: number; firstFiles: string[] } {
  const html = fs.readFileSync(path.join(buildDir, 'index.html'), 'utf8')
  const firstFiles = firstRouteFiles(html, locale)
  const assets = fs.readdirSync(path.join(buildDir, 'assets')).filter((f) => f.endsWith('.js'))
  return {
    firstRoute: firstFiles.reduce((n, f) => n + gzipSize(path.join(buildDir, f)), 0),
    all: assets.reduce((n, f) => n + gzipSize(path.join(buildDir, 'assets', f)), 0),
    firstFiles,
  }
}

interface LhResult {
  /** Lighthouse's CPU benchmark of this machine at the time (higher is faster; a phone-class budget assumes ~1000+). */
  benchmarkIndex: number
  /** The machine's 1-minute load average when the run started (a shared machine: TBT scales with it). */
  load: number
  performance: number
  accessibility: number
  lcp: number
  tbt: number
  cls: number
}

function lighthouseOnce(url: string, outFile: string): Promise<LhResult> {
  const load = os.loadavg()[0]!
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        '--chrome-flags=--headless --no-sandbox --disable-gpu',
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${outFile}`,
        '--quiet',
      ],
      { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} on ${url}`))
      const r = JSON.parse(fs.readFileSync(outFile, 'utf8'))
      resolve({
        benchmarkIndex: r.environment?.benchmarkIndex ?? NaN,
        load,
        performance: Math.round(r.categories.performance.score * 100),
        accessibility: Math.round(r.categories.accessibility.score * 100),
        lcp: r.audits['largest-contentful-paint'].numericValue,
        tbt: r.audits['total-blocking-time'].numericValue,
        cls: r.audits['cumulative-layout-shift'].numericValue,
      })
    })
  })
}

async function lighthouseFigures(route: string, outDir: string): Promise<Figure[]> {
  const runs: LhResult[] = []
  for (let i = 0; i < LH_RUNS; i++)
    runs.push(await lighthouseOnce(APP + route, path.join(outDir, `lh-${route.replace(/\W+/g, '_')}-${i}.json`)))
  const median = (k: keyof LhResult) =>
    percentile(
      runs.map((r) => r[k]),
      50,
    )
  const all = (k: keyof LhResult, digits = 0) => runs.map((r) => r[k].toFixed(digits)).join(', ')
  const name = route.startsWith('/item/') ? '/item/:id' : route
  const fig = (label: string, k: keyof LhResult, unit: string, budget: Figure['budget'], digits = 0): Figure => ({
    figure: `Lighthouse mobile ${name}: ${label} (median of ${LH_RUNS})`,
    value: median(k),
    unit,
    budget,
    command: COMMAND,
    note: `runs: ${all(k, digits)}; Lighthouse benchmarkIndex (machine CPU speed at the time): ${all('benchmarkIndex')}; load average (1 min) at each run's start: ${all('load', 1)}`,
  })
  return [
    fig('performance', 'performance', 'score', { op: '>=', limit: 95 }),
    fig('accessibility', 'accessibility', 'score', { op: '>=', limit: 100 }),
    fig('LCP', 'lcp', 'ms', { op: '<=', limit: 1800 }),
    fig('TBT', 'tbt', 'ms', { op: '<=', limit: 100 }),
    fig('CLS', 'cls', '', { op: '<=', limit: 0.02 }, 3),
  ]
}

/** A visitor opened /shop once (worker installed, feed mirrored); then reloads it offline. */
async function offlineRepeatVisit(): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 375, height: 812 } })
    const page = await context.newPage()
    // A string, not a function: tsx (esbuild keepNames) wraps named functions in `__name(...)`, which does not exist
    // in the page, so the observer never ran and every sample came back NaN.
    await page.addInitScript({
      content: `new MutationObserver(() => {
        if (window.__firstCard === undefined && document.querySelector(${JSON.stringify(FEED_CARD)})) window.__firstCard = performance.now()
      }).observe(document, { childList: true, subtree: true })`,
    })
    await page.goto(`${APP}/shop`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
        )
      }
    })
    await page.locator(FEED_CARD).first().waitFor({ timeout: 60_000 })
    await page.waitForLoadState('networkidle')
    await context.setOffline(true)
    const samples: number[] = []
    for (let i = 0; i < OFFLINE_RUNS; i++) {
      await page.reload()
      await page.locator(FEED_CARD).first().waitFor({ timeout: 10_000 })
      // NaN (printed as a miss) rather than undefined if the observer saw no card.
      samples.push(
        Number(await page.evaluate(() => (window as unknown as { __firstCard?: number }).__firstCard ?? Number.NaN)),
      )
    }
    return samples
  } finally {
    await browser.close()
  }
}

export async function run(): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-bench-web-'))
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-bench-lh-'))
  const stop = await startApp(dataDir)
  try {
    // Each language's visitor loads the same app and their own catalogue only: one figure per language.
    const figures: Figure[] = LOCALES.map((locale) => {
      const js = jsSizes(path.resolve(ROOT, BUILD_DIR), locale)
      return {
        figure: `JS for the first route, ${locale} (gzip)`,
        value: kB(js.firstRoute),
        unit: 'kB',
        budget: { op: '<=', limit: 120 },
        command: COMMAND,
        note: `gzip -9 of the first route's JS for a visitor in ${locale}, index.html's list (scripts/app-loader.ts; the home page asks for it once its first paint is on screen): ${js.firstFiles.join(', ')}`,
      }
    })
    const all = jsSizes(path.resolve(ROOT, BUILD_DIR), 'en').all
    figures.push({
      figure: 'all JS of the build (gzip)',
      value: kB(all),
      unit: 'kB',
      budget: { op: '<=', limit: 350 },
      command: COMMAND,
    })
    for (const route of ['/', '/shop', ITEM_PATH]) {
      console.error(`[bench] lighthouse ${route}…`)
      figures.push(...(await lighthouseFigures(route, outDir)))
    }
    console.error('[bench] offline repeat visit…')
    const offline = await offlineRepeatVisit()
    figures.push({
      figure: `offline repeat visit: first feed card (median of ${OFFLINE_RUNS})`,
      value: percentile(offline, 50),
      unit: 'ms',
      budget: { op: '<=', limit: 1000 },
      command: COMMAND,
      note: `navigation start → first card of /shop in the DOM, reload with no network, service worker and mirror warm; runs: ${offline.map((s) => Math.round(s)).join(', ')} ms`,
    })
    return figures
  } finally {
    await stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
