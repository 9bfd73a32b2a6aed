/**
 * The sync engine over the Supabase transport against the local stack (in this Node process, in memory), one
 * browser context per device:
 * 3. outbox drain: a new user queues DRAIN_WORKLOAD offline through the app's local writes, then starts the engine;
 *    writes/s from the start to an empty outbox;
 * 4. cross-client propagation: a buyer sends messages to a seller; the delay from the buyer's local write to the
 *    message showing in a live query over the seller's Dexie (push, realtime, mirror), p50/p95.
 */
import type { Request } from 'playwright-core'
import { startTestStack } from '../../supabase/local/testing/test-stack.ts'
import { percentile, type Figure } from '../figure.ts'
import type { DrainWorkload, StackInfo } from './bench-api.ts'
import type { BenchHarness } from './harness.ts'
import { COMMAND, fmt, machineLoad, measured, openBenchPage } from './measure.ts'

/** 500 writes: 250 new listings (no photos) and 250 messages, 10 in each of 25 new conversations. */
const DRAIN_WORKLOAD: DrainWorkload = { listings: 250, conversations: 25, messagesPerConversation: 10 }
const DRAIN_BUDGET_PER_S = 300
const MESSAGES = 50
/** The first messages open the conversation and warm both engines up; they are not counted. */
const MESSAGE_WARM_UP = 5
/** Pause between a message's arrival and the next send: a chat pace, each send starting from an idle engine. */
const MESSAGE_GAP_MS = 50
const ARRIVAL_TIMEOUT_MS = 10_000
const PROPAGATION_P95_BUDGET_MS = 300

export async function syncFigures(harness: BenchHarness): Promise<Figure[]> {
  const ts = await startTestStack({ allowedOrigins: [harness.origin] })
  try {
    const stack: StackInfo = { url: ts.url, anonKey: ts.anonKey }
    const figures: Figure[] = []
    // A failure drops its own figure (loudly), never the others: no figure is ever made up.
    for (const [name, figure] of [
      ['outbox drain', drainFigure],
      ['propagation', propagationFigure],
    ] as const) {
      try {
        figures.push(await figure(harness, stack))
      } catch (e) {
        console.error(`[bench] dexie: ${name} not measured: ${(e as Error).message}`)
      }
    }
    return figures
  } finally {
    await ts.stop()
  }
}

async function drainFigure(harness: BenchHarness, stack: StackInfo): Promise<Figure> {
  const context = await harness.browser.newContext()
  try {
    const page = await openBenchPage(context, harness.origin)
    await page.evaluate((s) => window.bench.signUp(s, 'Drain'), stack)
    const queued = await page.evaluate((w) => window.bench.queueOffline(w), DRAIN_WORKLOAD)
    const requests: { what: string; ms: number }[] = []
    const onRequest = (r: Request) =>
      requests.push({ what: `${r.method()} ${new URL(r.url()).pathname}`, ms: r.timing().responseEnd })
    page.on('requestfinished', onRequest)
    const { value: drain, cpuMs, nodeCpuMs } = await measured(() => page.evaluate(() => window.bench.drain()))
    page.off('requestfinished', onRequest)
    const waited = requests.reduce((a, r) => a + r.ms, 0)
    const byEndpoint = new Map<string, { n: number; ms: number }>()
    for (const r of requests) {
      const e = byEndpoint.get(r.what) ?? { n: 0, ms: 0 }
      byEndpoint.set(r.what, { n: e.n + 1, ms: e.ms + r.ms })
    }
    const slowest = [...byEndpoint]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 4)
      .map(([what, e]) => `${what} ×${e.n} ${fmt(e.ms)}`)
      .join(', ')
    await page.evaluate(() => window.bench.disconnect())
    const { listings, conversations, messagesPerConversation } = DRAIN_WORKLOAD
    const messages = conversations * messagesPerConversation
    return {
      figure: `outbox drain to the local stack (sync engine, Chromium), ${queued} entries`,
      value: (drain.entries / drain.ms) * 1000,
      unit: 'writes/s',
      budget: { op: '>=', limit: DRAIN_BUDGET_PER_S },
      command: COMMAND,
      note:
        `${drain.entries} outbox entries (${listings} new listings without photos, ${conversations} conversations, ${messages} ` +
        `messages: ${listings + messages} user writes) queued offline with the app's local writes, drained in ${fmt(drain.ms)} ` +
        `from engine start to an empty outbox (live query), with realtime on as in the app. ${requests.length} HTTP requests ` +
        `(the pull after the push included) spent ${fmt(waited)} waiting on the stack in all (most: ${slowest}). CPU meanwhile: Chromium ${fmt(cpuMs)}, local stack ` +
        `(this Node process) ${fmt(nodeCpuMs)}. ${machineLoad()}`,
    }
  } finally {
    await context.close()
  }
}

async function propagationFigure(harness: BenchHarness, stack: StackInfo): Promise<Figure> {
  // Two contexts: two devices with their own IndexedDB, Web Locks and session.
  const sellerContext = await harness.browser.newContext()
  const buyerContext = await harness.browser.newContext()
  try {
    const seller = await openBenchPage(sellerContext, harness.origin)
    const buyer = await openBenchPage(buyerContext, harness.origin)
    const sellerId = await seller.evaluate((s) => window.bench.signUp(s, 'Seller'), stack)
    await seller.evaluate(() => window.bench.startSync())
    const listingId = await seller.evaluate(() => window.bench.publishListing())
    await seller.evaluate(() => window.bench.watchMessages())
    await buyer.evaluate((s) => window.bench.signUp(s, 'Buyer'), stack)
    await buyer.evaluate(() => window.bench.startSync())

    const delays: number[] = []
    for (let i = 0; i < MESSAGE_WARM_UP + MESSAGES; i++) {
      const sent = await buyer.evaluate(
        ({ listingId, sellerId, i }) =>
          window.bench.sendTimed(listingId, sellerId, `Hello, is it still available? (${i})`),
        { listingId, sellerId, i },
      )
      await seller.waitForFunction((id) => window.bench.arrivedAt(id) !== null, sent.id, {
        polling: 5,
        timeout: ARRIVAL_TIMEOUT_MS,
      })
      const arrived = await seller.evaluate((id) => window.bench.arrivedAt(id), sent.id)
      if (i >= MESSAGE_WARM_UP) delays.push(arrived! - sent.at)
      await buyer.evaluate(() => window.bench.syncIdle())
      await new Promise((r) => setTimeout(r, MESSAGE_GAP_MS))
    }
    await buyer.evaluate(() => window.bench.disconnect())
    await seller.evaluate(() => window.bench.disconnect())
    return {
      figure: 'message on one device → visible in the other device’s Dexie (Chromium, local stack), p95',
      value: percentile(delays, 95),
      unit: 'ms',
      budget: { op: '<=', limit: PROPAGATION_P95_BUDGET_MS },
      command: COMMAND,
      note:
        `p50 ${fmt(percentile(delays, 50))}, max ${fmt(Math.max(...delays))} over ${delays.length} messages (${MESSAGE_WARM_UP} ` +
        `warm-up messages not counted): buyer's local write → engine push → realtime → seller's mirror → seller's live ` +
        `query. Two browser contexts, one message at a time. ${machineLoad()}`,
    }
  } finally {
    await buyerContext.close()
    await sellerContext.close()
  }
}
