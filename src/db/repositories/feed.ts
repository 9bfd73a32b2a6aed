/**
 * Feed reads over the mirror: a filtered, sorted page of listing rows, each carrying its card fields (cover image,
 * seller name; rows.ts CardFields), so a page reads just its own rows.
 *
 * Which rows: the in-memory filter projection (feed-projection.ts) answers any filter without touching
 * IndexedDB. Until it is loaded (it starts loading on the first read), a newest-first page walks [status+created_at]
 * instead, testing the filter, as long as a few hundred rows fill it (the home feed, broad filters), so the first
 * screens do not wait for it; pages by price and narrow filters do. The listings carry no index per filter: each
 * costs every mirror write (the 10k bulk write in bench/), and the projection answers filters faster than an
 * index walk that still has to test the other filters row by row.
 */
import Dexie from 'dexie'
import { PAGE_SIZE } from '../../domain/constants'
import { compileFilters, filterFacets, type FeedFilters, type FilterFacets } from '../../domain/feed-filters'
import type { FeedSort } from '../../domain/feed-query'
import type { KreisDatabase } from '../database'
import type { FavouriteRow, ListingImageRow, ListingRow } from '../rows'
import { feedProjection, type Facets } from './feed-projection'

export type { FeedSort }

/**
 * What a feed read shows: the one filter model of the app (src/domain/feed-filters.ts: category, price, cities in
 * any spelling, size words, conditions, search), plus whether sold listings count.
 */
export interface FeedFilter extends FeedFilters {
  /** Show sold listings as well (the cards show them with a SOLD overlay). */
  includeSold?: boolean
}

type Keep = (l: FilterFacets) => boolean

/** The filter's test of everything but status; null when it filters nothing. */
const narrowing = (f: FeedFilter): Keep | null => compileFilters(f)

/** Rows a page may walk before the projection is loaded; a narrower filter waits for the projection instead. */
export const COLD_WALK_MAX_ROWS = 600
const COLD_WALK_CHUNK_ROWS = 100

/**
 * A newest-first page of active listings before the projection is loaded: walks [status+created_at] from the
 * newest, testing the filter, in chunks. The home feed and broad filters fill a page within a chunk or two; null
 * when COLD_WALK_MAX_ROWS did not (call inside a read transaction).
 */
export async function walkNewest(
  db: KreisDatabase,
  keep: Keep | null,
  offset: number,
  pageSize: number,
): Promise<ListingRow[] | null> {
  const newest = db.listings
    .where('[status+created_at]')
    .between(['active', Dexie.minKey], ['active', Dexie.maxKey], true, true)
    .reverse()
  const hits: ListingRow[] = []
  for (let scanned = 0; scanned < COLD_WALK_MAX_ROWS; scanned += COLD_WALK_CHUNK_ROWS) {
    const chunk = await newest.clone().offset(scanned).limit(COLD_WALK_CHUNK_ROWS).toArray()
    for (const row of chunk) if (!keep || keep(filterFacets(row))) hits.push(row)
    if (hits.length >= offset + pageSize || chunk.length < COLD_WALK_CHUNK_ROWS)
      return hits.slice(offset, offset + pageSize)
  }
  return null
}

function matches(f: FeedFilter): (x: Facets) => boolean {
  const statuses = new Set<string>(f.includeSold ? ['active', 'sold'] : ['active'])
  const keep = narrowing(f)
  return (x) => statuses.has(x.status) && (!keep || keep(x))
}

/** Ids of the listings on one page, from the projection. */
async function pageIds(
  db: KreisDatabase,
  f: FeedFilter,
  sort: FeedSort,
  offset: number,
  pageSize: number,
): Promise<string[]> {
  const keep = matches(f)
  const ids: string[] = []
  let skipped = 0
  for (const x of await feedProjection(db).inOrder(sort)) {
    if (!keep(x)) continue
    if (skipped < offset) skipped++
    else if (ids.push(x.id) === pageSize) break
  }
  return ids
}

/** Listing rows (with their card fields) of one feed page (1-based), newest first unless sorted by price. */
export async function feedPage(
  db: KreisDatabase,
  filter: FeedFilter,
  page: number,
  sort: FeedSort = 'newest',
  pageSize = PAGE_SIZE,
): Promise<ListingRow[]> {
  // The table count, started before anything is awaited, is what makes a live query of this page re-run when any
  // listing changes: a live query observes the reads made in its own async context, which awaiting the
  // projection (a promise made in another context) does not keep in the browser, so reads after it may go unseen.
  const watched = db.listings.count()
  const offset = Math.max(0, page - 1) * pageSize
  const projection = feedProjection(db)
  let rows: ListingRow[] | null = null
  if (!projection.ready && sort === 'newest' && !filter.includeSold && offset + pageSize <= COLD_WALK_MAX_ROWS) {
    void projection.inOrder(sort).catch(() => {}) // starts loading it for the next reads
    rows = await db.transaction('r', db.listings, () => walkNewest(db, narrowing(filter), offset, pageSize))
  }
  if (!rows) {
    const ids = await pageIds(db, filter, sort, offset, pageSize)
    rows = (await db.listings.bulkGet(ids)).filter((r) => r !== undefined)
  }
  await watched
  return rows
}

/** How many listings match (for the page list). */
export async function feedCount(db: KreisDatabase, filter: FeedFilter): Promise<number> {
  const keep = matches(filter)
  // As in feedPage: the table count, read before anything is awaited, makes a live query re-run on any change.
  const watched = db.listings.count()
  const facets = await feedProjection(db).inOrder('newest')
  await watched
  let n = 0
  for (const x of facets) if (keep(x)) n++
  return n
}

/** All images of a listing in display order. */
export function listingImages(db: KreisDatabase, listingId: string): Promise<ListingImageRow[]> {
  return db.listing_images
    .where('[listing_id+image_order]')
    .between([listingId, Dexie.minKey], [listingId, Dexie.maxKey])
    .toArray()
}

/** The user's own listings (sold included), newest first. */
export function ownListings(db: KreisDatabase, userId: string): Promise<ListingRow[]> {
  return db.listings
    .where('[user_id+created_at]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .toArray()
}

/** A favourite with its listing as the mirror holds it now (null: no longer on this device, sold or deleted). */
export interface FavouriteListing {
  favourite: FavouriteRow
  listing: ListingRow | null
}

/** The device's favourites, the most recent first, each with its listing row (sold ones too). */
export async function favouriteListings(db: KreisDatabase): Promise<FavouriteListing[]> {
  return db.transaction('r', db.favourites, db.listings, async () => {
    const favourites = await db.favourites.orderBy('created_at').reverse().toArray()
    const rows = await db.listings.bulkGet(favourites.map((f) => f.listing_id))
    return favourites.map((favourite, i) => ({ favourite, listing: rows[i] ?? null }))
  })
}

/** The ids of the device's favourites (for the hearts on cards). */
export async function favouriteIdSet(db: KreisDatabase): Promise<ReadonlySet<string>> {
  return new Set((await db.favourites.toCollection().primaryKeys()) as string[])
}

/** Whether the device holds any active listing yet (the shop's skeletons are for a device without data). */
export async function hasActiveListings(db: KreisDatabase): Promise<boolean> {
  return (
    (await db.listings
      .where('[status+created_at]')
      .between(['active', Dexie.minKey], ['active', Dexie.maxKey])
      .limit(1)
      .count()) > 0
  )
}
