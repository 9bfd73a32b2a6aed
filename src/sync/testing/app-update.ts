/**
 * The fault suite's app update with writes queued: the device's database is opened under the newer schema
 * (newer-schema.ts), sometimes while a drain is in flight. What must hold right after: every entry still queued was
 * queued before (same key and kind of write, same order), carries the upgrade's rewrite, none is gone unless the drain
 * in flight had it acknowledged, and the shrunk window kept every listing with a write queued. That each reaches the server once is the scenario oracle's end check.
 */
import type { OutboxEntry } from '@/db/rows'
import type { Device } from './harness'
import { queuedListingsNotHeld } from './held-writes'
import { UPGRADED_MARK } from './newer-schema'

/**
 * An entry as queued: its key and kind of write (a drain in flight may rewrite its group and conversation id when it
 * adopts a conversation created first on another device, P8; seeds 20261340 and 20261469).
 */
const written = (e: OutboxEntry) => `${e.seq} ${e.op.kind}`

/**
 * Updates the app on `d` (a drain in flight when `midDrain`); returns null when the database was upgraded already,
 * else what went wrong ('' when nothing did).
 */
export async function updateAppMidQueue(d: Device, midDrain: boolean): Promise<string | null> {
  await d.engine.idle()
  const before = (await d.db.outbox.toArray()).map(written)
  const notHeldBefore = new Set(await queuedListingsNotHeld(d.db))
  const drain = midDrain ? d.engine.sync('timer').catch(() => {}) : null
  const upgraded = await d.upgradeSchema()
  await drain
  if (!upgraded) return null
  const entries = await d.db.outbox.toArray()
  const after = entries.map(written)
  const unmarked = entries.filter((e) => (e as unknown as Record<string, unknown>)[UPGRADED_MARK] === undefined)
  if (unmarked.length) return `${d.name}: ${unmarked.length} queued entries not rewritten by the upgrade`
  // What is left is what was queued, in order, less what the drain in flight had acknowledged.
  let i = 0
  for (const w of after) {
    while (i < before.length && before[i] !== w) i++
    if (i === before.length)
      return `${d.name}: after the upgrade the outbox holds ${w}, not queued before (or out of order)`
    i++
  }
  const evicted = (await queuedListingsNotHeld(d.db)).filter((id) => !notHeldBefore.has(id))
  if (evicted.length) return `${d.name}: the upgrade evicted listing(s) ${evicted.join(', ')} with writes queued`
  if (!midDrain && after.length !== before.length)
    return `${d.name}: ${before.length} entries queued before the upgrade, ${after.length} after`
  return ''
}
