/**
 * A listing's save (A1, L1, L2): its field edits (`listing.upsert`) and photo-set edits (`images.replace`, also
 * the kind entries of the old two-step protocol drain as) travel as one save of the full new state, and saves of
 * different listings share one request (RPC `save_listings`, one transaction). The answer is the winner, which
 * the mirror shows — or "gone" when the listing was deleted, which the device then drops. The local writes that
 * queue them (a create or edit with its photos, a status change) come first (W1, W2, W3).
 */
import Dexie from 'dexie'
import { cardFields, cardOf, freshestSellerName } from '@/db/card-fields'
import type { KreisDatabase } from '@/db/database'
import { recordListingNotice, type ListingNoticeKind } from '@/db/repositories/listing-notices'
import { replaceImageSets } from '@/db/repositories/mirror'
import type { ImageWrite, ListingImageRow, ListingRow, OutboxGroup, OutboxOp, PhotoBlobRow } from '@/db/rows'
import { requestPersistenceOnce } from '@/db/storage-errors'
import { PG_CHECK_VIOLATION, listingFailure, listingSyncFailure } from '@/domain/errors'
import type { ListingFields } from '@/domain/listing-fields'
import { cardImagePath } from '@/domain/photos'
import { lostToAnotherEdit } from '@/domain/save-outcome'
import { FailureReason, type ListingSave, type ListingSaved } from '../protocol'
import { issueEditStamp } from '../edit-stamps'
import { entry, iso, newId, NOT_ON_SERVER, writeState } from './enqueue'
import { defineKind, groupId, leftInGroup, type Unit } from './kind'

export type { ListingFields }

export type ImageInput =
  /** A photo already on the server (kept in an edit) or an http URL. */
  | { id: string; image_url: string }
  /** A new compressed photo awaiting upload, with its card image (uploaded beside it: domain/photos.ts cardImagePath). */
  | { id?: string; blob: Blob; content_type: string; ext: string; card?: Blob }

export interface SaveListingInput {
  /** Absent for a new listing. */
  id?: string
  fields: ListingFields
  /** In display order. */
  images: ImageInput[]
}

export const photoPath = (userId: string, listingId: string, imageId: string, ext: string): string =>
  `${userId}/${listingId}/${imageId}.${ext.replace(/^\./, '').toLowerCase()}`

/**
 * The listing's check (its zod schema, domain/listing-fields.ts) loads with the first listing write, not with the
 * data layer every page starts (its module set-up was a long task after a cold page's first paint). Dexie.waitFor:
 * a caller's transaction (the sell flow's publish) stays open meanwhile; IndexedDB commits one that waits on
 * anything but itself.
 */
const listingCheck = () => Dexie.waitFor(import('@/domain/listing-fields').then((m) => m.checkListingWrite))

/**
 * Creates or edits a listing with its photos. Returns the listing id. A listing the server would refuse (its
 * schema, domain/listing-fields.ts) is not written: InvalidListingError names the columns.
 */
export async function saveListing(
  db: KreisDatabase,
  userId: string,
  input: SaveListingInput,
  now: number,
): Promise<string> {
  const checkListingWrite = await listingCheck()
  const id = input.id ?? newId()
  const group: OutboxGroup = `listing:${id}`
  await db.transaction(
    'rw',
    [db.listings, db.listing_images, db.photo_blobs, db.outbox, db.my_profile, db.profiles, db.meta],
    async () => {
      const existing = await db.listings.get(id)
      // The edit's stamp: later than every stamp of this device, and than its own unsent edit this one replaces.
      const editedAt = await issueEditStamp(db, now, [
        existing && existing.sync_state !== 'synced' ? existing.edited_at : null,
      ])
      // Only the listing's columns (callers may pass a whole mirror row as fields), checked as the server would.
      const write = checkListingWrite({
        ...input.fields,
        id,
        user_id: userId,
        status: existing?.status ?? 'active',
        edited_at: editedAt,
      })
      const images: ImageWrite[] = []
      const blobs: PhotoBlobRow[] = []
      input.images.forEach((img, i) => {
        if ('blob' in img) {
          const imageId = img.id ?? newId()
          const path = photoPath(userId, id, imageId, img.ext)
          blobs.push({
            id: imageId,
            listing_id: id,
            blob: img.blob,
            content_type: img.content_type,
            path,
            uploaded: false,
          })
          const cardPath = img.card ? cardImagePath(path) : null
          if (img.card && cardPath)
            blobs.push({
              id: `${imageId}.card`,
              listing_id: id,
              blob: img.card,
              content_type: img.card.type || img.content_type,
              path: cardPath,
              uploaded: false,
            })
          images.push({ id: imageId, listing_id: id, image_url: path, image_order: i + 1 })
        } else {
          images.push({ id: img.id, listing_id: id, image_url: img.image_url, image_order: i + 1 })
        }
      })
      const seller = freshestSellerName(await db.my_profile.get(userId), await db.profiles.get(userId))
      const row: ListingRow = {
        ...write,
        created_at: existing?.created_at ?? iso(now),
        updated_at: existing?.updated_at ?? NOT_ON_SERVER,
        ...(await writeState(db, group)),
        ...cardFields(images[0]?.image_url ?? null, seller),
      }
      const before = await db.listing_images
        .where('[listing_id+image_order]')
        .between([id, Dexie.minKey], [id, Dexie.maxKey])
        .toArray()
      const imagesChanged =
        before.length !== images.length ||
        before.some(
          (b, i) =>
            b.id !== images[i]!.id || b.image_url !== images[i]!.image_url || b.image_order !== images[i]!.image_order,
        )

      // The seller fixes a listing the server refused: its queued full-state upserts carry the fix (they would be
      // collapsed into it anyway), so that a retry sends the fix instead of the refused version.
      if (row.sync_state === 'failed') {
        await db.outbox
          .where('group')
          .equals(group)
          .modify((e) => {
            if (e.op.kind === 'listing.upsert') e.op = { kind: 'listing.upsert', listing: write }
          })
      }
      await db.listings.put(row)
      const ops: OutboxOp[] = blobs.map((b) => ({
        kind: 'photo.upload',
        photo_id: b.id,
        path: b.path,
        content_type: b.content_type,
      }))
      ops.push({ kind: 'listing.upsert', listing: write })
      if (imagesChanged) {
        await db.listing_images.bulkDelete(before.map((b) => b.id))
        await db.listing_images.bulkPut(
          images.map((img): ListingImageRow => ({
            ...img,
            created_at: iso(now),
            updated_at: NOT_ON_SERVER,
            sync_state: 'pending',
          })),
        )
        await db.photo_blobs.bulkPut(blobs)
        ops.push({ kind: 'images.replace', listing_id: id, images, edited_at: write.edited_at })
      }
      await db.outbox.bulkAdd(ops.map((op) => entry(group, op, now)))
    },
  )
  void requestPersistenceOnce()
  return id
}

/** Marks an own listing sold (or active again): an edit carrying the full new state. */
export async function setListingStatus(
  db: KreisDatabase,
  listingId: string,
  status: ListingRow['status'],
  now: number,
): Promise<void> {
  const checkListingWrite = await listingCheck()
  await db.transaction('rw', [db.listings, db.outbox, db.meta], async () => {
    const row = await db.listings.get(listingId)
    if (!row) throw new Error(`unknown listing ${listingId}`)
    const editedAt = await issueEditStamp(db, now, [row.sync_state !== 'synced' ? row.edited_at : null])
    const next: ListingRow = {
      ...row,
      status,
      edited_at: editedAt,
      sync_error: undefined,
      ...(await writeState(db, `listing:${listingId}`)),
    }
    await db.listings.put(next)
    await db.outbox.add(
      entry(`listing:${listingId}`, { kind: 'listing.upsert', listing: checkListingWrite(next) }, now),
    )
  })
  void requestPersistenceOnce()
}

/** Whether the listing of a `listing:` group was never acknowledged by the server (create vs edit wording). */
export async function isNewListing(db: KreisDatabase, group: Unit[number]['group']): Promise<boolean> {
  return (await db.listings.get(groupId(group)))?.updated_at === NOT_ON_SERVER
}

export const listingSave = defineKind<ListingSaved[]>({
  kinds: ['listing.upsert', 'images.replace'], // field and photo-set edits travel as one save (A1)
  unit: 'last-state',
  batched: true,
  send: ({ transport }, batch) => transport.saveListings(batch.map(listingSaveOf)),
  tables: (db) => [db.listings, db.listing_images, db.photo_blobs, db.meta, db.my_profile, db.profiles],
  async acknowledge(db, batch, answer) {
    // The answer holds one row per save, in the order of the batch's units.
    for (const [i, saved] of answer.entries())
      await acknowledgeListing(db, saved, batch[i] ? listingSaveOf(batch[i]) : null)
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
    } else if (e.op.kind === 'images.replace') {
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
const sellerNameOf = async (db: KreisDatabase, userId: string) =>
  freshestSellerName(await db.my_profile.get(userId), await db.profiles.get(userId))

async function acknowledgeListing(db: KreisDatabase, saved: ListingSaved, sent: ListingSave | null): Promise<void> {
  if (saved.listing === null) return dropDeletedListing(db, saved.listing_id)
  const { listing, images } = saved
  if (await leftInGroup(db, `listing:${listing.id}`)) return // a newer local write of this listing is still to be sent; its answer settles the row
  const local = await db.listings.get(listing.id)
  if (local && sent && lostToAnotherEdit(sent, saved)) await notify(db, local, 'overwritten')
  await db.listings.put({
    ...listing,
    // No row here (kept aside by an older version, say): the card takes the seller's name the device knows.
    ...(local ? cardOf(local) : cardFields(null, await sellerNameOf(db, listing.user_id))),
    sync_state: 'synced',
    sync_error: undefined,
  })
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
  await recordListingNotice(db, {
    listing_id: local.id,
    user_id: local.user_id,
    kind,
    title: local.title,
    at: new Date().toISOString(),
  })
}
