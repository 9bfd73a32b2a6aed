/**
 * Favourites. A visitor's stay on the device; a signed-in user's also live in the account's `favorites` table
 * (sync/kinds/favourite-set.ts toggleFavourite queues them; the pull applies the account's set with applyServerFavourites).
 */
import type { KreisDatabase } from '../database'
import type { FavoriteRecord } from '../records'
import type { FavouriteCard, FavouriteRow, ListingRow } from '../rows'

/** Toggles a device-only favourite; returns whether the listing is now a favourite (signed in: sync/kinds/favourite-set.ts). */
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

/**
 * Makes the device's favourites follow the signed-in user's account (after a pull of its `favorites` rows):
 * favourites with unsent changes keep the device's state; the account's other favourites become exactly the
 * server's; favourites of another account that used the device are dropped; a visitor's device-only favourites
 * join the account (queued like a new favourite). Returns how many visitor favourites were queued.
 */
export async function applyServerFavourites(
  db: KreisDatabase,
  userId: string,
  rows: readonly FavoriteRecord[],
  now: number,
): Promise<number> {
  return db.transaction('rw', [db.favourites, db.listings, db.outbox], async () => {
    const pending = new Set(
      (await db.outbox.where('group').startsWith('favourite:').toArray()).map((e) =>
        e.group.slice('favourite:'.length),
      ),
    )
    const server = new Map(rows.filter((r) => r.user_id === userId).map((r) => [r.listing_id, r]))
    const locals = await db.favourites.toArray()
    const known = new Set(locals.map((f) => f.listing_id))
    const drop: string[] = []
    const adopt: FavouriteRow[] = []
    for (const f of locals) {
      if (pending.has(f.listing_id)) continue
      if (f.user_id === undefined) adopt.push({ ...f, user_id: userId })
      else if (f.user_id !== userId || !server.has(f.listing_id)) drop.push(f.listing_id)
    }
    const added = [...server.values()].filter((r) => !known.has(r.listing_id) && !pending.has(r.listing_id))
    const listings = await db.listings.bulkGet(added.map((r) => r.listing_id))
    await db.favourites.bulkDelete(drop)
    await db.favourites.bulkPut([
      ...adopt,
      ...added.map((r, i): FavouriteRow => {
        const l = listings[i]
        return {
          listing_id: r.listing_id,
          created_at: Date.parse(r.created_at),
          user_id: userId,
          ...(l ? { card: favouriteCardOf(l) } : {}),
        }
      }),
    ])
    const toSend = adopt.filter((f) => !server.has(f.listing_id))
    await db.outbox.bulkAdd(
      toSend.map((f) => ({
        group: `favourite:${f.listing_id}` as const,
        op: {
          kind: 'favourite.set' as const,
          user_id: userId,
          listing_id: f.listing_id,
          favourite: true,
          created_at: new Date(f.created_at).toISOString(),
          edited_at: new Date(f.created_at).toISOString(),
        },
        queued_at: now,
        state: 'queued' as const,
        attempts: 0,
        not_before: 0,
      })),
    )
    return toSend.length
  })
}

export type FavouriteAvailability = 'available' | 'sold' | 'unavailable'

export interface FavouriteItem {
  listing_id: string
  /** Device time (ms) of favouriting. */
  created_at: number
  /** The listing as the mirror has it now, or null when the device no longer holds it (sold to someone else, deleted). */
  listing: ListingRow | null
  /** What the card shows: the live listing's, else the one kept when favourited (null when never known here). */
  card: FavouriteCard | null
  availability: FavouriteAvailability
}

/** The favourites page: every favourite, newest first, with its listing or the card kept of it. */
export async function favouriteItems(db: KreisDatabase): Promise<FavouriteItem[]> {
  const favs = await db.favourites.orderBy('created_at').reverse().toArray()
  const listings = await db.listings.bulkGet(favs.map((f) => f.listing_id))
  return favs.map((f, i) => {
    const listing = listings[i] ?? null
    const card = listing ? favouriteCardOf(listing) : (f.card ?? null)
    const availability: FavouriteAvailability = listing
      ? listing.status === 'active'
        ? 'available'
        : 'sold'
      : f.card?.status === 'sold'
        ? 'sold'
        : 'unavailable'
    return { listing_id: f.listing_id, created_at: f.created_at, listing, card, availability }
  })
}

/** The card a favourite keeps of its listing. */
export function favouriteCardOf(l: ListingRow): FavouriteCard {
  return {
    title: l.title,
    price: l.price,
    brand: l.brand,
    size: l.size,
    cover_image_url: l.cover_image_url,
    status: l.status,
  }
}
