/**
 * A favourite set or cleared (O1): the last of consecutive toggles is the state to reach, sent with the time of that
 * toggle so the server keeps the latest toggle of all the account's devices (L1), not the last to arrive; the answer
 * changes nothing in the mirror (the next pull applies the account's whole set, the winner's state included).
 */
import type { KreisDatabase } from '@/db/database'
import { favouriteCardOf } from '@/db/repositories/favourites'
import type { OutboxOp } from '@/db/rows'
import { issueEditStamp } from '../edit-stamps'
import { entry, iso } from './enqueue'
import { defineKind, last, opOf } from './kind'

/**
 * Toggles a favourite on the device; signed in (`userId`), the change also goes to the user's account, so it
 * follows them to their other devices. Returns whether the listing is now a favourite.
 */
export async function toggleFavourite(
  db: KreisDatabase,
  userId: string | null,
  listingId: string,
  now: number,
): Promise<boolean> {
  return db.transaction('rw', [db.favourites, db.listings, db.outbox, db.meta], async () => {
    const existing = await db.favourites.get(listingId)
    if (existing) await db.favourites.delete(listingId)
    else {
      const listing = await db.listings.get(listingId)
      await db.favourites.put({
        listing_id: listingId,
        created_at: now,
        ...(userId ? { user_id: userId } : {}),
        ...(listing ? { card: favouriteCardOf(listing) } : {}),
      })
    }
    if (userId) {
      const op: OutboxOp = {
        kind: 'favourite.set',
        user_id: userId,
        listing_id: listingId,
        favourite: !existing,
        created_at: iso(existing?.created_at ?? now),
        edited_at: await issueEditStamp(db, now),
      }
      await db.outbox.add(entry(`favourite:${listingId}`, op, now))
    }
    return !existing
  })
}

export const favouriteSet = defineKind<void>({
  kinds: ['favourite.set'],
  unit: 'last-state',
  batched: false,
  send({ transport }, [unit]) {
    const op = opOf<'favourite.set'>(last(unit!))
    return transport.setFavorite(op.user_id, op.listing_id, op.favourite, op.created_at, op.edited_at)
  },
  tables: () => [],
  acknowledge: async () => {},
  refusal: async () => ({ code: 'write_failed' }),
})
