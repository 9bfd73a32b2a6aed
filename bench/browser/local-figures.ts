/**
 * 1. Bulk write of 10k listings + first images + sellers through the mirror's bulk path (one rw transaction),
 *    median of 3 runs, each on a fresh database; beside it, once, the floor (plain bulkPut of the same rows).
 * 2. The shop's feed page (src/db/repositories/feed.ts feedPage: a page of 12 with first images and sellers) over
 *    10k rows: 200 reads across a weighted mix of filters (feed-mix.ts), p50/p95.
 */
import type { Page } from 'playwright-core'
import { percentile, type Figure } from '../figure.ts'
import type { BenchHarness } from './harness.ts'
import { SELLERS } from './listing-fixtures.ts'
import { COMMAND, fmt, machineLoad, measured, median, openBenchPage } from './measure.ts'

const LISTINGS = 10_000
const BULK_RUNS = 3
const FEED_RUNS = 200
const FEED_WARM_UP = 20
const BULK_BUDGET_MS = 1000
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
  const mirror: { ms: number; cpuMs: number }[] = []
  const floor: { ms: number; cpuMs: number }[] = []
  for (let seed = 1; seed <= BULK_RUNS; seed++) {
    await page.evaluate(({ n, seed }) => window.bench.makeFixtures(n, seed), { n: LISTINGS, seed })
    const m = await measured(() => page.evaluate(() => window.bench.bulkWrite('mirror')))
    mirror.push({ ms: m.value, cpuMs: m.cpuMs })
    if (seed === 1) {
      const f = await measured(() => page.evaluate(() => window.bench.bulkWrite('floor')))
      floor.push({ ms: f.value, cpuMs: f.cpuMs })
    }
  }
  const bulkLoad = machineLoad()

  await page.evaluate((n) => window.bench.prepareFeed(n), LISTINGS)
  const { value: feed, cpuMs: feedCpuMs } = await measured(() =>
    page.evaluate(({ runs, warmUp }) => window.bench.feedRuns(runs, warmUp), { runs: FEED_RUNS, warmUp: FEED_WARM_UP }),
  )
  const feedLoad = machineLoad()
  const feedMs = feed.map((s) => s.ms)
  const shapes = [...new Set(feed.map((s) => s.shape))].map((shape) => {
    const ms = feed.filter((s) => s.shape === shape).map((s) => s.ms)
    return `${shape} ×${ms.length} p50 ${fmt(percentile(ms, 50))} / p95 ${fmt(percentile(ms, 95))}`
  })
  const cards = feed.map((s) => s.cards)
  await page.evaluate(() => window.bench.cleanUp())

  const ms = (xs: { ms: number }[]) => xs.map((x) => x.ms)
  const cpu = (xs: { cpuMs: number }[]) => xs.map((x) => x.cpuMs)
  return [
    {
      figure: `bulk write of ${LISTINGS / 1000}k listings + first images (Dexie, Chromium), median of ${BULK_RUNS}`,
      value: median(ms(mirror)),
      unit: 'ms',
      budget: { op: '<=', limit: BULK_BUDGET_MS },
      command: COMMAND,
      note:
        `runs ${ms(mirror).map(fmt).join(', ')} (Chromium CPU median ${fmt(median(cpu(mirror)))}); applyListingBundle, the ` +
        `pull's mirror path (bulkGet to reconcile, bulkPut of listings, image-set replace, ${SELLERS} sellers), in one rw ` +
        `transaction on a fresh database each run. Floor, the first run's rows with plain bulkPut in one transaction: ` +
        `${fmt(floor[0]!.ms)} (CPU ${fmt(floor[0]!.cpuMs)}). ${bulkLoad}`,
    },
    {
      figure: `feed page of 12 from ${LISTINGS / 1000}k rows (Dexie, Chromium), p95`,
      value: percentile(feedMs, 95),
      unit: 'ms',
      budget: { op: '<=', limit: FEED_P95_BUDGET_MS },
      command: COMMAND,
      note:
        `p50 ${fmt(percentile(feedMs, 50))}, max ${fmt(Math.max(...feedMs))} over ${feed.length} reads of feedPage() ` +
        `(listings + first images + sellers in one read transaction; ${FEED_WARM_UP} warm-up reads not counted; ` +
        `${Math.min(...cards)}–${Math.max(...cards)} cards; Chromium CPU ${fmt(feedCpuMs / (FEED_RUNS + FEED_WARM_UP))} ` +
        `per read on average). By filter: ${shapes.join('; ')}. ${feedLoad}`,
    },
  ]
}

