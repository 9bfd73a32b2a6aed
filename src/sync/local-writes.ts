/**
 * The user's writes, local first (docs/architecture.md §1 rule 2): each is one Dexie rw transaction that changes the mirror
 * rows (marked pending) and appends the outbox entries that will carry the change to the server. Ids are client
 * UUIDs and photo paths are deterministic, so every entry can be sent again without effect.
 */
import Dexie from 'dexie'
import type { KreisDatabase } from '@/db/database'
import { cardFields, freshestSellerName } from '@/db/card-fields'
import type { ImageWrite, ListingImageRow, ListingRow, OutboxGroup, OutboxOp, PhotoBlobRow } from '@/db/rows'
import { requestPersistenceOnce } from '@/db/storage-errors'
import type { ListingFields } from '@/domain/listing-fields'
import { cardImagePath } from '@/domain/photos'
import { entry, iso, newId, NOT_ON_SERVER, writeState } from './kinds/enqueue'

export { NOT_ON_SERVER }
export { sendMessage, type SendMessageInput } from './kinds/message-send'
export { updateMyProfile, type ProfileFields } from './kinds/profile-update'
export { markConversationRead } from './kinds/conversation-read'
export { profilePictureOwner, profilePicturePath, setProfilePicture } from './kinds/profile-picture'
export { deleteListing } from './kinds/listing-delete'
export { setPushSubscription } from './kinds/push-subscription'
export { toggleFavourite } from './kinds/favourite-set'

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
export async function saveListing(db: KreisDatabase, userId: string, input: SaveListingInput, now: number): Promise<string> {
  const checkListingWrite = await listingCheck()
  const id = input.id ?? newId()
  const group: OutboxGroup = `listing:${id}`
  await db.transaction('rw', [db.listings, db.listing_images, db.photo_blobs, db.outbox, db.my_profile, db.profiles], async () => {
    const existing = await db.listings.get(id)
    // Only the listing's columns (callers may pass a whole mirror row as fields), checked as the server would.
    const write = checkListingWrite({ ...input.fields, id, user_id: userId, status: existing?.status ?? 'active', edited_at: iso(now) })
    const images: ImageWrite[] = []
    const blobs: PhotoBlobRow[] = []
    input.images.forEach((img, i) => {
      if ('blob' in img) {
        const imageId = img.id ?? newId()
        const path = photoPath(userId, id, imageId, img.ext)
        blobs.push({ id: imageId, listing_id: id, blob: img.blob, content_type: img.content_type, path, uploaded: false })
        const cardPath = img.card ? cardImagePath(path) : null
        if (img.card && cardPath) blobs.push({ id: `${imageId}.card`, listing_id: id, blob: img.card, content_type: img.card.type || img.content_type, path: cardPath, uploaded: false })
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
    const before = await db.listing_images.where('[listing_id+image_order]').between([id, Dexie.minKey], [id, Dexie.maxKey]).toArray()
    const imagesChanged =
      before.length !== images.length ||
      before.some((b, i) => b.id !== images[i]!.id || b.image_url !== images[i]!.image_url || b.image_order !== images[i]!.image_order)

    // The seller fixes a listing the server refused: its queued full-state upserts carry the fix (they would be
    // collapsed into it anyway), so that a retry sends the fix instead of the refused version.
    if (row.sync_state === 'failed') {
      await db.outbox.where('group').equals(group).modify((e) => {
        if (e.op.kind === 'listing.upsert') e.op = { kind: 'listing.upsert', listing: write }
      })
    }
    await db.listings.put(row)
    const ops: OutboxOp[] = blobs.map((b) => ({ kind: 'photo.upload', photo_id: b.id, path: b.path, content_type: b.content_type }))
    ops.push({ kind: 'listing.upsert', listing: write })
    if (imagesChanged) {
      await db.listing_images.bulkDelete(before.map((b) => b.id))
      await db.listing_images.bulkPut(
        images.map((img): ListingImageRow => ({ ...img, created_at: iso(now), updated_at: NOT_ON_SERVER, sync_state: 'pending' })),
      )
      await db.photo_blobs.bulkPut(blobs)
      ops.push({ kind: 'images.replace', listing_id: id, images, edited_at: write.edited_at })
    }
    await db.outbox.bulkAdd(ops.map((op) => entry(group, op, now)))
  })
  void requestPersistenceOnce()
  return id
}

/** Marks an own listing sold (or active again): an edit carrying the full new state. */
export async function setListingStatus(db: KreisDatabase, listingId: string, status: ListingRow['status'], now: number): Promise<void> {
  const checkListingWrite = await listingCheck()
  await db.transaction('rw', [db.listings, db.outbox], async () => {
    const row = await db.listings.get(listingId)
    if (!row) throw new Error(`unknown listing ${listingId}`)
    const next: ListingRow = { ...row, status, edited_at: iso(now), sync_error: undefined, ...(await writeState(db, `listing:${listingId}`)) }
    await db.listings.put(next)
    await db.outbox.add(entry(`listing:${listingId}`, { kind: 'listing.upsert', listing: checkListingWrite(next) }, now))
  })
  void requestPersistenceOnce()
}

