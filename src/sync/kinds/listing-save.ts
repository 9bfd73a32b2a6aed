/**
 * A listing's save (A1, L1, L2): its field edits (`listing.upsert`) and photo-set edits (`images.replace`, also
 * the kind entries of the old two-step protocol drain as) travel as one save of the full new state, and saves of
 * different listings share one request (RPC `save_listings`, one transaction). The answer is the winner, which
 * the mirror shows — or "gone" when the listing was deleted, which the device then drops.
 */
import { cardFields, cardOf } from '@/db/card-fields'
import type { KreisDatabase } from '@/db/database'
import { recordListingNotice, type ListingNoticeKind } from '@/db/repositories/listing-notices'
import { replaceImageSets } from '@/db/repositories/mirror'
import type { ListingRow } from '@/db/rows'
import { PG_CHECK_VIOLATION, listingFailure, listingSyncFailure } from '@/domain/errors'
import { lostToAnotherEdit } from '@/domain/save-outcome'
import { NOT_ON_SERVER } from '../local-writes'
import { FailureReason, type ListingSave, type ListingSaved } from '../protocol'
import { defineKind, groupId, leftInGroup, type Unit } from './kind'

/** Whether the listing of a `listing:` group was never acknowledged by the server (create vs edit wording). */
export async function isNewListing(db: KreisDatabase, group: Unit[number]['group']): Promise<boolean> {
  return (await db.listings.get(groupId(group)))?.updated_at === NOT_ON_SERVER
}

export const listingSave = defineKind<ListingSaved[]>({
  unit: 'last-state',
  batched: true,
  send: ({ transport }, batch) => transport.saveListings(batch.map(listingSaveOf)),
  tables: (db) => [db.listings, db.listing_images, db.photo_blobs, db.meta],
  async acknowledge(db, batch, answer) {
    // The answer holds one row per save, in the order of the batch's units.
    for (const [i, saved] of answer.entries()) await acknowledgeListing(db, saved, batch[i] ? listingSaveOf(batch[i]) : null)
  },
  // Worded by the unit's field edit when it has one (a CHECK names the rejected value), else as a failed save.
  async refusal(db, unit, f) {
    const isNew = await isNewListing(db, unit[0]!.group)
    const upsert = unit.findLast((e) => e.op.kind === 'listing.upsert')?.op
    if (upsert?.kind !== 'listing.upsert') return listingFailure(isNew)
    // A transport may classify a CHECK failure without passing its SQLSTATE on.
    const code = f.code ?? (f.reason === FailureReason.checkViolation ? PG_CHECK_VIOLATION : undefined)
    return listingSyncFailure({ code, message: f.message }, { isNew, sent: upsert.listing })
  },
})

/**
 * One listing's unit (its consecutive field and photo-set edits) as one save: the last full state of each. A
 * photo-set edit's time is its own (entries queued before it was recorded: their queue time, the same instant).
 * With field edits, the unit's first queue time goes along: for a listing the server does not hold yet, the unit
 * starts with its creation, and the server dates the listing by it.
 */
export function listingSaveOf(unit: Unit): ListingSave {
  const save: ListingSave = { listing_id: groupId(unit[0]!.group), listing: null, images: null, images_edited_at: null }
  for (const e of unit) {
    if (e.op.kind === 'listing.upsert') {
      save.listing = e.op.listing
      save.created_at ??= new Date(unit[0]!.queued_at).toISOString()
    }
    else if (e.op.kind === 'images.replace') {
      save.images = e.op.images
      save.images_edited_at = e.op.edited_at ?? new Date(e.queued_at).toISOString()
    }
  }
  return save
}

/**
 * The server's answer to a listing save is the winner (the device's edit, or a later one from elsewhere): the
 * mirror shows it, row and photo set, unless this device has a newer edit of the listing still to send. When the
 * winner is not what this device sent, the seller is told (docs/product.md#R-listing-notices).
 */
async function acknowledgeListing(db: KreisDatabase, saved: ListingSaved, sent: ListingSave | null): Promise<void> {
  if (saved.listing === null) return dropDeletedListing(db, saved.listing_id)
  const { listing, images } = saved
  if (await leftInGroup(db, `listing:${listing.id}`)) return // a newer local write of this listing is still to be sent; its answer settles the row
  const local = await db.listings.get(listing.id)
  if (local && sent && lostToAnotherEdit(sent, saved)) await notify(db, local, 'overwritten')
  await db.listings.put({ ...listing, ...(local ? cardOf(local) : cardFields(null, undefined)), sync_state: 'synced', sync_error: undefined })
  await replaceImageSets(db, [listing.id], images)
  await db.photo_blobs.where('listing_id').equals(listing.id).delete()
}

/**
 * The listing was deleted (on another device of the seller) and deletion is final: the server skipped the save, so
 * the device shows the winner — no listing — and drops its row, photos and queued edits (the reconcile drops the
 * conversations that went with it on the server).
 */
async function dropDeletedListing(db: KreisDatabase, listingId: string): Promise<void> {
  // A listing this device still shows lost the seller's edit with it; one deleted here left the mirror already.
  const local = await db.listings.get(listingId)
  if (local) await notify(db, local, 'deleted')
  await db.outbox.where('group').equals(`listing:${listingId}`).delete()
  await db.listings.delete(listingId)
  await db.listing_images.where('listing_id').equals(listingId).delete()
  await db.photo_blobs.where('listing_id').equals(listingId).delete()
}

/** Records what the seller is told about their listing `local` (as this device had it). */
async function notify(db: KreisDatabase, local: ListingRow, kind: ListingNoticeKind): Promise<void> {
  await recordListingNotice(db, { listing_id: local.id, user_id: local.user_id, kind, title: local.title, at: new Date().toISOString() })
}
