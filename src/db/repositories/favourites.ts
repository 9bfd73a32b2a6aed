/** Favourites (device only; spec §2.8: the server keeps none). */
import type { KreisDatabase } from '../database'

/** Toggles a favourite; returns whether the listing is now a favourite. */
export async function toggleFavourite(db: KreisDatabase, listingId: string, now: number): Promise<boolean> {
  return db.transaction('rw', db.favourites, async () => {
    if (await db.favourites.get(listingId)) {
      await db.favourites.delete(listingId)
      return false
    }
    await db.favourites.put({ listing_id: listingId, created_at: now })
    return true
  })
}

/** Favourite listing ids, the most recent first. */
export async function favouriteIds(db: KreisDatabase): Promise<string[]> {
  return (await db.favourites.orderBy('created_at').reverse().toArray()).map((f) => f.listing_id)
}
