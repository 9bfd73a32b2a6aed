/**
 * Messaging as users see it (docs/decisions.md#D-message-budget): the production build of the app in two Chromium contexts (buyer
 * Noah and seller Anna of the demo seed, each a device with its own IndexedDB and sync engine) against a local
 * stack in this process. Both have the same thread open; the buyer presses Enter in the composer and the time
 * until the message's text is in the seller's thread (DOM) is measured, p50 and p95 over MESSAGES messages.
 * Budget (docs/architecture.md §6): a write on one client visible on another, p95 ≤ 300 ms.
 */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'
import { chromium, type Browser, type Page } from 'playwright-core'
import WebSocket from 'ws'
import { build, preview } from 'vite'
import { startTestStack } from '../supabase/local/testing/test-stack.ts'
import { percentile, type Figure } from './figure.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const MESSAGES = 50
const WARM_UP = 5
/** A chat pace: the next message starts once the previous one is delivered and the buyer's engine is idle. */
const GAP_MS = 50
/** Generous: on a loaded machine the first messages (engines warming up) can take seconds; a miss fails the run. */
const ARRIVAL_TIMEOUT_MS = 60_000
const BUDGET_P95_MS = 300
const COMMAND = 'npm run bench -- messages'
const BUYER = 'noah@demo.kreis.ch'
const SELLER = 'anna@demo.kreis.ch'
const PASSWORD = 'kreis-demo'
/** The seed's conversation between Noah (buyer) and Anna (seller) about an active listing. */
const CONVERSATION = 'ca837fb7-854a-4790-8e2c-97075e4c0208'
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })
}

/** What supabase-js stores after signing in (the page's localStorage gets the same, so the app starts signed in). */
async function sessionStorageFor(url: string, anonKey: string, email: string): Promise<Record<string, string>> {
  const stored: Record<string, string> = {}
  const client = createClient(url, anonKey, {
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: {
      autoRefreshToken: false,
      persistSession: true,
      storage: {
        getItem: (k) => stored[k] ?? null,
        setItem: (k, v) => void (stored[k] = v),
        removeItem: (k) => void delete stored[k],
      },
    },
  })
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD })
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`)
  return stored
}

async function openThread(browser: Browser, appUrl: string, session: Record<string, string>): Promise<Page> {
  const context = await browser.newContext({ baseURL: appUrl, serviceWorkers: 'block' })
  await context.addInitScript((entries) => {
    for (const [k, v] of Object.entries(entries)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v)
    // The engine leaves a performance mark at each hop of a message (src/sync/trace.ts) in pages that ask for it.
    ;(globalThis as { __kreisTrace?: boolean }).__kreisTrace = true
  }, session)
  const page = await context.newPage()
  await page.goto(`/messages?c=${CONVERSATION}`)
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 60_000 })
  await page.getByRole('log').waitFor({ timeout: 60_000 })
  return page
}

interface Mark {
  hop: string
  at: number
  ids: string[]
}

/** The engine's hop marks of a page (src/sync/trace.ts), in wall-clock ms comparable across the two pages. */
function marksOf(page: Page): Promise<Mark[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith('kreis:'))
      .map((m) => ({
        hop: m.name.slice('kreis:'.length),
        at: performance.timeOrigin + m.startTime,
        ids: ((m as PerformanceMark).detail as string[] | null) ?? [],
      })),
  )
}

/** The hops of one message, each as a time (ms, wall clock) or undefined when a mark is missing. */
interface Hops {
  enter: number
  localWrite?: number
  poke?: number
  drainStart?: number
  pushRequest?: number
  pushResponse?: number
  acknowledged?: number
  realtimeReceived?: number
  realtimeApplied?: number
  rendered: number
}

function hopsOf(enter: number, rendered: number, buyer: Mark[], seller: Mark[]): Hops {
  const after = (marks: Mark[], hop: string, t: number | undefined) =>
    t === undefined ? undefined : marks.find((m) => m.hop === hop && m.at >= t)
  const write = after(buyer, 'local-write', enter)
  const id = write?.ids[0]
  const byId = (marks: Mark[], hop: string) =>
    id === undefined ? undefined : marks.find((m) => m.hop === hop && m.ids.includes(id))?.at
  const poke = after(buyer, 'poke', write?.at)?.at
  return {
    enter,
    localWrite: write?.at,
    poke,
    drainStart: after(buyer, 'drain-start', poke)?.at,
    pushRequest: byId(buyer, 'push-request'),
    pushResponse: byId(buyer, 'push-response'),
    acknowledged: byId(buyer, 'acknowledged'),
    realtimeReceived: byId(seller, 'realtime-received'),
    realtimeApplied: byId(seller, 'realtime-applied'),
    rendered,
  }
}

/** The breakdown: p50/p95 of each hop over the messages (ms). */
function breakdown(all: Hops[]): string {
  const segments: [string, keyof Hops, keyof Hops][] = [
    ['Enter → local Dexie write', 'enter', 'localWrite'],
    ['write → poke', 'localWrite', 'poke'],
    ['poke → drain starts', 'poke', 'drainStart'],
    ['drain start → push request', 'drainStart', 'pushRequest'],
    ['push request → response (server insert)', 'pushRequest', 'pushResponse'],
    ['push response → acknowledged in sender Dexie', 'pushResponse', 'acknowledged'],
    ['push request → realtime at receiver (insert + broadcast)', 'pushRequest', 'realtimeReceived'],
    ['realtime → applied in receiver Dexie', 'realtimeReceived', 'realtimeApplied'],
    ['applied → rendered (live query + React)', 'realtimeApplied', 'rendered'],
  ]
  return segments
    .map(([label, from, to]) => {
      const xs = all.flatMap((h) => (h[from] !== undefined && h[to] !== undefined ? [h[to]! - h[from]!] : []))
      const missing = all.length - xs.length
      return `${label} p50 ${percentile(xs, 50).toFixed(0)} / p95 ${percentile(xs, 95).toFixed(0)} ms${missing ? ` (${missing} unmarked)` : ''}`
    })
    .join('; ')
}

/** Records, in the seller's page, when each "bench-<n>" message first appears in the thread (DOM insertion). */
async function watchArrivals(page: Page): Promise<void> {
  await page.evaluate(() => {
    const arrivals: Record<string, number> = {}
    ;(window as unknown as { __arrivals: Record<string, number> }).__arrivals = arrivals
    new MutationObserver(() => {
      const now = performance.timeOrigin + performance.now()
      const log = document.querySelector('[role="log"]')
      for (const m of (log?.textContent ?? '').matchAll(/bench-(\d+)\b/g)) arrivals[m[1]!] ??= now
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
}

export async function run(): Promise<Figure[]> {
  const port = await freePort()
  const appUrl = `http://127.0.0.1:${port}`
  const ts = await startTestStack({ allowedOrigins: [appUrl] })
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-bench-messages-'))
  let server: Awaited<ReturnType<typeof preview>> | null = null
  let browser: Browser | null = null
  try {
    process.env.VITE_SUPABASE_URL = ts.url
    process.env.VITE_SUPABASE_ANON_KEY = ts.anonKey
    await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
    server = await preview({
      root: ROOT,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port, strictPort: true },
    })
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
    const seller = await openThread(browser, appUrl, await sessionStorageFor(ts.url, ts.anonKey, SELLER))
    const buyer = await openThread(browser, appUrl, await sessionStorageFor(ts.url, ts.anonKey, BUYER))
    await watchArrivals(seller)

    const delays: number[] = []
    const sent: { enter: number; rendered: number }[] = []
    const field = buyer.getByRole('textbox', { name: 'Message' })
    for (let i = 0; i < WARM_UP + MESSAGES; i++) {
      await field.fill(`bench-${i} is it still available?`)
      const sentAt = await buyer.evaluate(() => {
        const t0 = performance.timeOrigin + performance.now()
        document
          .querySelector('textarea')!
          .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))
        return t0
      })
      await seller.waitForFunction(
        (n) => (window as unknown as { __arrivals: Record<string, number> }).__arrivals[n] !== undefined,
        String(i),
        { polling: 5, timeout: ARRIVAL_TIMEOUT_MS },
      )
      const arrivedAt = await seller.evaluate(
        (n) => (window as unknown as { __arrivals: Record<string, number> }).__arrivals[n]!,
        String(i),
      )
      if (i >= WARM_UP) {
        delays.push(arrivedAt - sentAt)
        sent.push({ enter: sentAt, rendered: arrivedAt })
      }
      // The buyer's own copy turns "Sent" once the push is acknowledged: the engine is idle again.
      await buyer
        .locator('[data-state="sent"]')
        .filter({ hasText: `bench-${i} ` })
        .waitFor({ timeout: ARRIVAL_TIMEOUT_MS })
      await new Promise((r) => setTimeout(r, GAP_MS))
    }
    const [buyerMarks, sellerMarks] = await Promise.all([marksOf(buyer), marksOf(seller)])
    const hops = sent.map((m) => hopsOf(m.enter, m.rendered, buyerMarks, sellerMarks))
    const note =
      `p50 ${percentile(delays, 50).toFixed(0)} ms, max ${Math.max(...delays).toFixed(0)} ms over ${delays.length} messages (${WARM_UP} warm-up not counted): ` +
      `the buyer presses Enter in the thread's composer (production build, Chromium) → local write → sync push → realtime → the seller's ` +
      `mirror → live query → the text in the seller's open thread (DOM insertion). Two browser contexts on this machine, one message at a time; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores. Hops (engine marks, src/sync/trace.ts): ${breakdown(hops)}.`
    return [
      {
        figure: 'message sent in one browser → rendered in the other (app UI), p50',
        value: percentile(delays, 50),
        unit: 'ms',
        budget: { op: '<=', limit: BUDGET_P95_MS },
        command: COMMAND,
      },
      {
        figure: 'message sent in one browser → rendered in the other (app UI), p95',
        value: percentile(delays, 95),
        unit: 'ms',
        budget: { op: '<=', limit: BUDGET_P95_MS },
        command: COMMAND,
        note,
      },
    ]
  } finally {
    await browser?.close().catch(() => {})
    if (server) await new Promise<void>((r) => server!.httpServer.close(() => r()))
    await ts.stop()
    fs.rmSync(outDir, { recursive: true, force: true })
  }
}
