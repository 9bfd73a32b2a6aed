/**
 * 1. Bulk write of 10k listings (the design's P5: bulkPut of ~1 KB rows in one transaction), median of 3 runs
 *    on fresh databases, with beside it the same rows under strict durability and with bare IndexedDB (the floor).
 *    One round of every mode runs first and is not counted: otherwise whichever mode runs first pays the page's
 *    cold start (JIT, the IndexedDB backend's first database) alone; its figure is printed in the note.
 * 2. The device side of a first sync of 10k listings: the pull's mirror path page by page (P9c: ≤ 3 s).
 * 3. The shop's feed page (src/db/repositories/feed.ts feedPage: a page of 12 cards) over 10k rows: 200 reads
 *    across a weighted mix of filters (feed-mix.ts), p50/p95.
 */
import type { Page } from 'playwright-core'
import { PULL_PAGE_SIZE } from '../../src/sync/constants.ts'
import { percentile, type Figure } from '../figure.ts'
import type { BulkWriteMode } from './bench-api.ts'
import type { BenchHarness } from './harness.ts'
import { SELLERS } from './listing-fixtures.ts'
import { COMMAND, fmt, machineLoad, measured, median, openBenchPage } from './measure.ts'

const LISTINGS = 10_000
const BULK_RUNS = 3
const BULK_WARM_UP = 1
const FEED_RUNS = 200
const FEED_WARM_UP = 20
const BULK_BUDGET_MS = 1000
const BOOTSTRAP_BUDGET_MS = 3000
const FEED_P95_BUDGET_MS = 10

export async function localFigures(harness: BenchHarness): Promise<Figure[]> {
  const context = await harness.browser.newContext()
  try {
    return await measure(await openBenchPage(context, harness.origin))
  } finally {
    await context.close()
  }
}

async function measure(page: Page): Promise<Figure[]> {
  const runs = new Map<BulkWriteMode, { ms: number; cpuMs: number }[]>()
  let coldMs = 0
  for (let seed = 1 - BULK_WARM_UP; seed <= BULK_RUNS; seed++) {
    await page.evaluate(({ n, seed }) => window.bench.makeFixtures(n, seed), { n: LISTINGS, seed })
    for (const mode of ['listings', 'listings-strict', 'raw', 'raw-unindexed', 'bootstrap'] as const) {
      const m = await measured(() => page.evaluate((mode) => window.bench.bulkWrite(mode), mode))
      if (seed < 1) {
        if (mode === 'listings' && seed === 1 - BULK_WARM_UP) coldMs = m.value
        continue
      }
      runs.set(mode, [...(runs.get(mode) ?? []), { ms: m.value, cpuMs: m.cpuMs }])
    }
  }
  const bulkLoad = machineLoad()
  const ms = (mode: BulkWriteMode) => runs.get(mode)!.map((x) => x.ms)
  const cpu = (mode: BulkWriteMode) => median(runs.get(mode)!.map((x) => x.cpuMs))

  const cold = await page.evaluate((n) => window.bench.prepareFeed(n), LISTINGS)
  const { value: feed, cpuMs: feedCpuMs } = await measured(() =>
    page.evaluate(({ runs, warmUp }) => window.bench.feedRuns(runs, warmUp), { runs: FEED_RUNS, warmUp: FEED_WARM_UP }),
  )
  const feedLoad = machineLoad()
  const feedMs = feed.map((s) => s.ms)
  const shapes = [...new Set(feed.map((s) => s.shape))].map((shape) => {
    const shapeMs = feed.filter((s) => s.shape === shape).map((s) => s.ms)
    return `${shape} ×${shapeMs.length} p50 ${fmt(percentile(shapeMs, 50))} / p95 ${fmt(percentile(shapeMs, 95))}`
  })
  const cards = feed.map((s) => s.cards)
  await page.evaluate(() => window.bench.cleanUp())

  return [
    {
      figure: `bulk write of ${LISTINGS / 1000}k listings, one transaction (Dexie, Chromium), median of ${BULK_RUNS}`,
      value: median(ms('listings')),
      unit: 'ms',
      budget: { op: '<=', limit: BULK_BUDGET_MS },
      command: COMMAND,
      note:
        `runs ${ms('listings').map(fmt).join(', ')} (Chromium CPU median ${fmt(cpu('listings'))}): bulkPut of the listing rows as the ` +
        `mirror stores them (about 1 KB each with their card fields; 2 compound indexes) on a fresh database each run, ` +
        `after a warm-up round of every mode (the page's very first bulk write took ${fmt(coldMs)}). ` +
        `Same rows with strict durability: median ${fmt(median(ms('listings-strict')))}. Floor, the same rows put with bare ` +
        `IndexedDB into the same store: median ${fmt(median(ms('raw')))}; into a store without indexes: median ` +
        `${fmt(median(ms('raw-unindexed')))}. ${bulkLoad}`,
    },
    {
      figure: `first sync of ${LISTINGS / 1000}k listings into the mirror, device side (Chromium), median of ${BULK_RUNS}`,
      value: median(ms('bootstrap')),
      unit: 'ms',
      budget: { op: '<=', limit: BOOTSTRAP_BUDGET_MS },
      command: COMMAND,
      note:
        `runs ${ms('bootstrap').map(fmt).join(', ')} (Chromium CPU median ${fmt(cpu('bootstrap'))}): applyListingBundle, the pull's ` +
        `mirror path, once per page of ${PULL_PAGE_SIZE} (reconcile read, listing rows with card fields, ${LISTINGS / 1000}k image ` +
        `rows, ${SELLERS} sellers), each page one rw transaction; the network side is in the drain and REST figures. ${bulkLoad}`,
    },
    {
      figure: `feed page of 12 from ${LISTINGS / 1000}k rows (Dexie, Chromium), p95`,
      value: percentile(feedMs, 95),
      unit: 'ms',
      budget: { op: '<=', limit: FEED_P95_BUDGET_MS },
      command: COMMAND,
      note:
        `p50 ${fmt(percentile(feedMs, 50))}, max ${fmt(Math.max(...feedMs))} over ${feed.length} reads of feedPage() ` +
        `(rows chosen by the in-memory filter projection, then the 12 rows with their card fields read by key in one read transaction; ${FEED_WARM_UP} warm-up reads not counted; ` +
        `${Math.min(...cards)}–${Math.max(...cards)} cards; Chromium CPU ${fmt(feedCpuMs / (FEED_RUNS + FEED_WARM_UP))} ` +
        `per read on average). By filter: ${shapes.join('; ')}. First reads of a new connection: home feed ` +
        `${fmt(cold.homeMs)}, then a category page ${fmt(cold.categoryMs)} (both walk the index while the projection loads). ${feedLoad}`,
    },
  ]
}
