/**
 * An invariant the fault suite checks after every step: a write still in the outbox keeps its listing on the
 * device until the server acknowledges it. A device that holds only part of the catalogue must never evict a
 * listing with unsent changes (the person would lose the edit from the screen, and its acknowledgement would have
 * no row to apply to). A queued delete is the exception: the delete removed the row already.
 */
import type { KreisDatabase } from '@/db/database'

/** Listing ids with a queued or failed write whose row the device no longer holds. */
export async function queuedListingsNotHeld(db: KreisDatabase): Promise<string[]> {
  const entries = await db.outbox.toArray()
  const deleted = new Set(entries.filter((e) => e.op.kind === 'listing.delete').map((e) => e.group))
  const ids = [
    ...new Set(
      entries
        .filter((e) => e.group.startsWith('listing:') && !deleted.has(e.group))
        .map((e) => e.group.slice('listing:'.length)),
    ),
  ]
  const rows = await db.listings.bulkGet(ids)
  return ids.filter((_, i) => rows[i] === undefined)
}
