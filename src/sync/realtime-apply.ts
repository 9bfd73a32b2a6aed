/**
 * Realtime rows go into the mirror under the same rule as pulled rows (realtime is a poke, not the truth). Rows
 * that arrive while the previous ones are being written are applied together, one transaction per table, so a
 * burst (another device's queue draining, or the echoes of our own) costs a few transactions, not one per row;
 * messages and conversations share one.
 */
import type { KreisDatabase } from '@/db/database'
import type { ConversationRecord, ListingRecord, MessageRecord } from '@/db/records'
import { applyConversations, applyKnownListings, applyMessages } from '@/db/repositories/mirror'
import { ownerTakesPart } from './device-owner'
import type { RealtimeChange } from './protocol'

/** What else realtime changes need: nothing, a pull, or a pull that also drops vanished listings. */
export type FollowUp = 'none' | 'pull' | 'reconcile'

const RANK: Record<FollowUp, number> = { none: 0, pull: 1, reconcile: 2 }
const stronger = (a: FollowUp, b: FollowUp): FollowUp => (RANK[a] >= RANK[b] ? a : b)

/** The newest version of each row (a burst may carry several versions of one conversation). */
function newestById<T extends { id: string; updated_at: string }>(rows: T[]): T[] {
  const byId = new Map<string, T>()
  for (const r of rows) {
    const seen = byId.get(r.id)
    if (!seen || r.updated_at >= seen.updated_at) byId.set(r.id, r)
  }
  return [...byId.values()]
}

export async function applyRealtimeChanges(db: KreisDatabase, changes: readonly RealtimeChange[]): Promise<FollowUp> {
  let followUp: FollowUp = 'none'
  const listings: ListingRecord[] = []
  const conversations: ConversationRecord[] = []
  const messages: MessageRecord[] = []
  for (const change of changes) {
    if (change.table === 'listings') {
      if (change.deletedId !== undefined) followUp = stronger(followUp, 'reconcile')
      else listings.push(change.row)
    } else if (change.table === 'listing_images' || change.table === 'favorites') followUp = stronger(followUp, 'pull')
    else if (change.table === 'conversations') conversations.push(change.row)
    else messages.push(change.row)
  }
  if (listings.length) followUp = stronger(followUp, await applyListings(db, newestById(listings)))
  // A message and its conversation's bump (last_message_at) often arrive together: one transaction, so the open
  // thread's live query re-reads once; the messages go first, they are what the thread shows. Only the device
  // owner's: an event still on its way when its user signed out stores nothing.
  if (conversations.length || messages.length) {
    await db.transaction('rw', [db.conversations, db.messages, db.meta], async () => {
      const mine = await ownerTakesPart(db)
      const ms = newestById(messages).filter((m) => mine(m.sender_id, m.receiver_id))
      const cs = newestById(conversations).filter((c) => mine(c.buyer_id, c.seller_id))
      if (ms.length) await applyMessages(db, ms)
      if (cs.length) await applyConversations(db, cs)
    })
  }
  return followUp
}

/** Known listings are updated in place; a new one needs a pull for its images and seller. */
async function applyListings(db: KreisDatabase, rows: ListingRecord[]): Promise<FollowUp> {
  return (await applyKnownListings(db, rows)) > 0 ? 'pull' : 'none'
}
