/**
 * The offline data layer in real Chromium with real IndexedDB (docs/decisions.md#D-device-db-bench): the app's Dexie database,
 * repositories, local writes and sync engine, built into a bench page (bench/browser) and driven through
 * `window.bench` with Playwright. Timings are taken inside the page.
 *  1–2. bulk write and feed page on the device alone (bench/browser/local-figures.ts);
 *  3–4. outbox drain and cross-device propagation against the local stack (bench/browser/sync-figures.ts).
 */
import type { Figure } from './figure.ts'
import { startHarness } from './browser/harness.ts'
import { localFigures } from './browser/local-figures.ts'
import { syncFigures } from './browser/sync-figures.ts'

export async function run(): Promise<Figure[]> {
  const harness = await startHarness()
  try {
    return [...(await localFigures(harness)), ...(await syncFigures(harness))]
  } finally {
    await harness.close()
  }
}
