/** The window's operations on the app's database (the rules and eviction: db/window-eviction.ts). */
import Dexie, { type Table } from 'dexie'
import { touchRecent } from '@/domain/listing-window'
import { missingProfiles, profileEvictions, type ProfileNeeds } from '@/domain/profile-window'
import { RECENT_LISTINGS_CAP } from '@/config/window'
import type { KreisDatabase } from '../database'
import {
  evictOutsideWindow,
  RECENT_LISTINGS_KEY,
  recentListings,
  windowExtraIds,
  windowKeep,
  type WindowTables,
} from '../window-eviction'

/** The tables a window transaction spans. */
export function windowTables(db: KreisDatabase): Table[] {
  return [
    db.listings,
    db.listing_images,
    db.photo_blobs,
    db.favourites,
    db.conversations,
    db.outbox,
    db.drafts,
    db.meta,
    db.server_pages,
  ]
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

/**
 * What realtime should tell this device about (sync/protocol.ts RealtimeWatch): changes of listings created since
 * the oldest of the newest `size` active listings it holds (null while it holds fewer: the catalogue is smaller than
 * the window), and of the older listings it keeps, most important first (queued, then own, favourites,
 * conversations, recently opened, search answers).
 */
export async function realtimeWatch(
  db: KreisDatabase,
  size: number,
): Promise<{ createdSince: string | null; ids: string[] }> {
  return db.transaction('r', windowTables(db), async () => {
    const newest = await db.listings
      .where('[status+created_at]')
      .between(['active', Dexie.minKey], ['active', Dexie.maxKey])
      .reverse()
      .offset(Math.max(1, size) - 1)
      .first()
    const createdSince = newest?.created_at ?? null
    if (createdSince === null) return { createdSince, ids: [] }
    const keep = await windowKeep(tablesOf(db))
    const own =
      keep.owner === undefined
        ? []
        : ((await db.listings
            .where('[user_id+created_at]')
            .between([keep.owner, Dexie.minKey], [keep.owner, Dexie.maxKey])
            .primaryKeys()) as string[])
    const candidates = new Set([
      ...keep.queued,
      ...own,
      ...keep.favourites,
      ...keep.conversations,
      ...keep.recentOrder,
      ...keep.pages,
    ])
    const rows = await db.listings.bulkGet([...candidates])
    return { createdSince, ids: rows.filter((l) => l !== undefined && l.created_at < createdSince).map((l) => l!.id) }
  })
}

/** What needs a profile on this device (domain/profile-window.ts): its listings' sellers, its conversations, the user. */
async function profileNeedsOf(db: KreisDatabase, owner: string | undefined): Promise<ProfileNeeds> {
  const [sellerKeys, conversations] = await Promise.all([
    db.listings.orderBy('[user_id+created_at]').keys(),
    db.conversations.toArray(),
  ])
  return { sellers: new Set(sellerKeys.map((k) => String((k as unknown[])[0]))), conversations, owner }
}

/** Evicts the public profiles nothing on the device needs any more (after the listings left). Returns their ids. */
export function evictUnneededProfiles(db: KreisDatabase, owner: string | undefined): Promise<string[]> {
  return db.transaction('rw', [db.listings, db.conversations, db.profiles], async () => {
    const gone = profileEvictions(
      (await db.profiles.toCollection().primaryKeys()) as string[],
      await profileNeedsOf(db, owner),
    )
    if (gone.length) await db.profiles.bulkDelete(gone)
    return gone
  })
}

/** The profiles the device needs and does not hold. */
export function profilesToFetch(db: KreisDatabase, owner: string | undefined): Promise<string[]> {
  return db.transaction('r', [db.listings, db.conversations, db.profiles], async () =>
    missingProfiles((await db.profiles.toCollection().primaryKeys()) as string[], await profileNeedsOf(db, owner)),
  )
}
