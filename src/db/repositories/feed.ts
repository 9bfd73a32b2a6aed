/**
 * Feed reads over the mirror: a filtered, sorted page of listings with each card's first image and seller, read
 * from IndexedDB in one read-only transaction.
 */
import Dexie from 'dexie'
import type { KreisDatabase } from '../database'
import type { ListingImageRow, ListingRow, ProfileRow } from '../rows'

export const FEED_PAGE_SIZE = 12

export type FeedSort = 'newest' | 'price_asc' | 'price_desc'

export interface FeedFilter {
  /** A stored category value; absent means all. */
  category?: string
  priceMin?: number
  priceMax?: number
  /** Empty or absent lists do not filter. */
  locations?: readonly string[]
  sizes?: readonly string[]
  conditions?: readonly string[]
  /** Show sold listings as well (the cards show them with a SOLD overlay). */
  includeSold?: boolean
}

export interface FeedCard {
  listing: ListingRow
  /** The image with the lowest image_order, if any. */
  firstImage: ListingImageRow | undefined
  seller: ProfileRow | undefined
}

function residualFilter(f: FeedFilter): ((l: ListingRow) => boolean) | null {
  const locations = f.locations?.length ? new Set(f.locations) : null
  const sizes = f.sizes?.length ? new Set(f.sizes) : null
  const conditions = f.conditions?.length ? new Set(f.conditions) : null
  const { priceMin, priceMax } = f
  if (!locations && !sizes && !conditions && priceMin === undefined && priceMax === undefined) return null
  return (l) =>
    (!locations || locations.has(l.location ?? '')) &&
    (!sizes || sizes.has(l.size ?? '')) &&
    (!conditions || conditions.has(l.condition)) &&
    (priceMin === undefined || l.price >= priceMin) &&
    (priceMax === undefined || l.price <= priceMax)
}

/** The ordered index walk for a filter and sort: one range per status shown. */
function orderedCollections(db: KreisDatabase, f: FeedFilter, sort: FeedSort) {
  const statuses = f.includeSold ? ['active', 'sold'] : ['active']
  const key = sort === 'newest' ? 'created_at' : 'price'
  return statuses.map((status) => {
    const prefix = f.category === undefined ? [status] : [f.category, status]
    const index = f.category === undefined ? `[status+${key}]` : `[category+status+${key}]`
    const c = db.listings.where(index).between([...prefix, Dexie.minKey], [...prefix, Dexie.maxKey])
    return sort === 'price_asc' ? c : c.reverse()
  })
}

/** Listings of one feed page (1-based), newest first unless sorted by price. */
export async function feedListings(db: KreisDatabase, filter: FeedFilter, page: number, sort: FeedSort = 'newest', pageSize = FEED_PAGE_SIZE): Promise<ListingRow[]> {
  const offset = Math.max(0, page - 1) * pageSize
  const keep = residualFilter(filter)
  const [first, second] = orderedCollections(db, filter, sort)
  if (!second) {
    const c = keep ? first!.filter(keep) : first!
    return c.offset(offset).limit(pageSize).toArray()
  }
  // Active and sold together: merge two ordered walks (only when sold cards are shown).
  const take = offset + pageSize
  const a = await (keep ? first!.filter(keep) : first!).limit(take).toArray()
  const b = await (keep ? second.filter(keep) : second).limit(take).toArray()
  const cmp = sort === 'newest' ? (x: ListingRow, y: ListingRow) => (x.created_at < y.created_at ? 1 : -1)
    : sort === 'price_asc' ? (x: ListingRow, y: ListingRow) => x.price - y.price
    : (x: ListingRow, y: ListingRow) => y.price - x.price
  return [...a, ...b].sort(cmp).slice(offset, take)
}

/** How many listings match (for the page list). Without residual filters this is an index count. */
export async function feedCount(db: KreisDatabase, filter: FeedFilter): Promise<number> {
  const keep = residualFilter(filter)
  let total = 0
  for (const c of orderedCollections(db, filter, 'newest')) total += await (keep ? c.filter(keep) : c).count()
  return total
}

/** The first image (lowest image_order) of each listing. */
export async function firstImages(db: KreisDatabase, listingIds: readonly string[]): Promise<Map<string, ListingImageRow>> {
  const found = await Promise.all(
    listingIds.map((id) =>
      db.listing_images.where('[listing_id+image_order]').between([id, Dexie.minKey], [id, Dexie.maxKey]).first(),
    ),
  )
  const byListing = new Map<string, ListingImageRow>()
  for (const img of found) if (img) byListing.set(img.listing_id, img)
  return byListing
}

/** A feed page as cards: listings, first images and sellers read in one transaction. */
export async function feedPage(db: KreisDatabase, filter: FeedFilter, page: number, sort: FeedSort = 'newest'): Promise<FeedCard[]> {
  return db.transaction('r', [db.listings, db.listing_images, db.profiles], async () => {
    const listings = await feedListings(db, filter, page, sort)
    const [images, sellers] = await Promise.all([
      firstImages(db, listings.map((l) => l.id)),
      db.profiles.bulkGet([...new Set(listings.map((l) => l.user_id))]),
    ])
    const sellerById = new Map(sellers.filter((s) => s !== undefined).map((s) => [s.id, s]))
    return listings.map((listing) => ({ listing, firstImage: images.get(listing.id), seller: sellerById.get(listing.user_id) }))
  })
}

/** All images of a listing in display order. */
export function listingImages(db: KreisDatabase, listingId: string): Promise<ListingImageRow[]> {
  return db.listing_images.where('[listing_id+image_order]').between([listingId, Dexie.minKey], [listingId, Dexie.maxKey]).toArray()
}

/** The user's own listings (sold included), newest first. */
export function ownListings(db: KreisDatabase, userId: string): Promise<ListingRow[]> {
  return db.listings.where('[user_id+created_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).reverse().toArray()
}
