/**
 * Writing server rows into the mirror, in bulk, one rw transaction per batch. Every function applies the rule of
 * ../reconcile.ts, so a row with unsent local edits is never overwritten by a pull or a realtime delivery.
 */
import type { KreisDatabase } from '../database'
import type {
  ConversationRecord,
  ListingImageRecord,
  ListingRecord,
  MessageRecord,
  MyProfileRecord,
  PublicProfileRecord,
} from '../records'
import { acceptsServerRow } from '../reconcile'
import type { ListingImageRow } from '../rows'

export interface ListingBundle {
  listings: ListingRecord[]
  /** The complete image sets of those listings. */
  images: ListingImageRecord[]
  sellers: PublicProfileRecord[]
}

const synced = <T extends object>(r: T) => ({ ...r, sync_state: 'synced' as const })

/** Puts listings, replaces their image sets and refreshes their sellers. Returns the ids accepted. */
export async function applyListingBundle(db: KreisDatabase, bundle: ListingBundle): Promise<string[]> {
  return db.transaction('rw', [db.listings, db.listing_images, db.profiles], async () => {
    const accepted = await acceptListings(db, bundle.listings)
    await replaceImageSets(db, accepted, bundle.images)
    await applyProfiles(db, bundle.sellers)
    return accepted
  })
}

async function acceptListings(db: KreisDatabase, rows: ListingRecord[]): Promise<string[]> {
  const locals = await db.listings.bulkGet(rows.map((r) => r.id))
  const accepted = rows.filter((r, i) => acceptsServerRow(locals[i], r))
  await db.listings.bulkPut(accepted.map(synced))
  return accepted.map((r) => r.id)
}

/** Makes the mirror's image sets of `listingIds` exactly the given images (call inside a transaction). */
export async function replaceImageSets(db: KreisDatabase, listingIds: readonly string[], images: readonly ListingImageRecord[]): Promise<void> {
  if (listingIds.length === 0) return
  const ids = new Set(listingIds)
  const incoming = images.filter((img) => ids.has(img.listing_id))
  const keep = new Set(incoming.map((img) => img.id))
  const existing = (await db.listing_images.where('listing_id').anyOf([...ids]).primaryKeys()) as string[]
  await db.listing_images.bulkDelete(existing.filter((id) => !keep.has(id)))
  await db.listing_images.bulkPut(incoming.map((img): ListingImageRow => synced(img)))
}

export async function applyProfiles(db: KreisDatabase, rows: readonly PublicProfileRecord[]): Promise<void> {
  if (rows.length === 0) return
  const locals = await db.profiles.bulkGet(rows.map((r) => r.id))
  await db.profiles.bulkPut(rows.filter((r, i) => !locals[i] || r.updated_at > locals[i].updated_at))
}

export async function applyConversations(db: KreisDatabase, rows: readonly ConversationRecord[]): Promise<void> {
  await db.transaction('rw', db.conversations, async () => {
    const locals = await db.conversations.bulkGet(rows.map((r) => r.id))
    await db.conversations.bulkPut(rows.filter((r, i) => acceptsServerRow(locals[i], r)).map(synced))
  })
}

export async function applyMessages(db: KreisDatabase, rows: readonly MessageRecord[]): Promise<void> {
  await db.transaction('rw', db.messages, async () => {
    const locals = await db.messages.bulkGet(rows.map((r) => r.id))
    await db.messages.bulkPut(rows.filter((r, i) => acceptsServerRow(locals[i], r)).map(synced))
  })
}

export async function applyMyProfile(db: KreisDatabase, row: MyProfileRecord): Promise<void> {
  await db.transaction('rw', db.my_profile, async () => {
    const local = await db.my_profile.get(row.id)
    if (acceptsServerRow(local, row)) {
      await db.my_profile.clear()
      await db.my_profile.put(synced(row))
    }
  })
}

/**
 * Removes listings the server no longer shows this user (sold by someone else, deleted), with their images.
 * Rows with unsent local changes stay.
 */
export async function removeListingsNotIn(db: KreisDatabase, visibleIds: ReadonlySet<string>): Promise<number> {
  return db.transaction('rw', [db.listings, db.listing_images], async () => {
    const gone = (await db.listings.where('sync_state').equals('synced').primaryKeys()).filter((id) => !visibleIds.has(id))
    await db.listings.bulkDelete(gone)
    const images = (await db.listing_images.where('listing_id').anyOf(gone).primaryKeys()) as string[]
    await db.listing_images.bulkDelete(images)
    return gone.length
  })
}

/** Removes one listing and its images from the mirror. */
export async function removeListing(db: KreisDatabase, id: string): Promise<void> {
  await db.transaction('rw', [db.listings, db.listing_images], async () => {
    await db.listings.delete(id)
    await db.listing_images.where('listing_id').equals(id).delete()
  })
}
