/** The window's operations on the app's database (the rules and eviction: db/window-eviction.ts). */
import type { Table } from 'dexie'
import { touchRecent } from '@/domain/listing-window'
import { RECENT_LISTINGS_CAP } from '@/config/window'
import type { KreisDatabase } from '../database'
import { evictOutsideWindow, RECENT_LISTINGS_KEY, recentListings, windowExtraIds, type WindowTables } from '../window-eviction'


/** The tables a window transaction spans. */
export function windowTables(db: KreisDatabase): Table[] {
  return [db.listings, db.listing_images, db.photo_blobs, db.favourites, db.conversations, db.outbox, db.drafts, db.meta, db.server_pages]
}

const tablesOf = (db: KreisDatabase) => db as unknown as WindowTables

/** The ids the device names to the server beside the window the server computes. */
export function extraIdsOf(db: KreisDatabase): Promise<string[]> {
  return db.transaction('r', windowTables(db), () => windowExtraIds(tablesOf(db)))
}

/** Evicts what left the window, in its own transaction. */
export function shrinkToWindow(db: KreisDatabase, size: number, owner?: string): Promise<string[]> {
  return db.transaction('rw', windowTables(db), () => evictOutsideWindow(tablesOf(db), size, owner))
}

/** Records that the user opened a listing (the recently opened list keeps it on the device). */
export async function noteListingOpened(db: KreisDatabase, id: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const recent = await recentListings(tablesOf(db))
    if (recent[0] === id) return
    await db.meta.put({ key: RECENT_LISTINGS_KEY, value: touchRecent(recent, id, RECENT_LISTINGS_CAP) })
  })
}
