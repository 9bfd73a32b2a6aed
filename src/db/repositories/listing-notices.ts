/**
 * What the seller is told when the server's answer to a listing save was not the save (docs/product.md#R-listing-notices):
 * the listing had been deleted on another device (the save was skipped and the device dropped its edit), or a newer
 * edit from another device won (last edit wins) and the device now shows that one. The sync engine records a notice
 * in the transaction that applies the answer; screens read them from here until the seller dismisses them, so they
 * survive a reload. Kept in `meta`, one row per listing (the latest notice of a listing replaces the earlier one).
 */
import type { KreisDatabase } from '../database'

export type ListingNoticeKind = 'deleted' | 'overwritten'

export interface ListingNotice {
  listing_id: string
  /** The seller whose edit it was (a device shows only the signed-in seller's notices). */
  user_id: string
  kind: ListingNoticeKind
  /** The listing's title as this device had it (a deleted listing has no row left to name it). */
  title: string
  /** When the device learned it (ISO). */
  at: string
}

export const LISTING_NOTICE_PREFIX = 'listing-notice:'

const keyOf = (listingId: string) => `${LISTING_NOTICE_PREFIX}${listingId}`

/** Records a notice; call it inside a transaction that includes `db.meta`. */
export async function recordListingNotice(db: KreisDatabase, notice: ListingNotice): Promise<void> {
  await db.meta.put({ key: keyOf(notice.listing_id), value: notice })
}

/** The seller's notices, newest first. */
export async function listingNotices(db: KreisDatabase, userId: string): Promise<ListingNotice[]> {
  const rows = await db.meta.where('key').startsWith(LISTING_NOTICE_PREFIX).toArray()
  return rows
    .map((r) => r.value as ListingNotice)
    .filter((n) => n.user_id === userId)
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
}

export async function dismissListingNotice(db: KreisDatabase, listingId: string): Promise<void> {
  await db.meta.delete(keyOf(listingId))
}

/** Drops every notice (the device's data is cleared for another account). */
export async function clearListingNotices(db: KreisDatabase): Promise<void> {
  await db.meta.where('key').startsWith(LISTING_NOTICE_PREFIX).delete()
}
