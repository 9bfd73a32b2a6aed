/**
 * Publishing a draft (docs/product.md §2.10, §5, §7.2; docs/architecture.md §1 rule 2): the pre-submission check and normalisation, then
 * the listing, its image rows, its photo blobs (full and card) and its outbox entries written in one Dexie
 * transaction that also removes the draft — so a crash leaves either the draft or the queued listing, never both
 * or neither. The sync engine uploads at once when online, later when not.
 */
import {
  deleteDraft,
  saveListing,
  sellDraft,
  type ImageInput,
  type KreisDatabase,
  type SellDraft,
  type SellDraftPhoto,
} from '@/data'
import { detailsFromListing } from '@/domain/listing-fields'
import type { DetailsFormValues } from '@/domain/listing-form'
import type { Message } from '@/domain/message'
import type { PublishMessageKey } from '@/domain/listing-publish'
import { isPhotoOutputType, photoOutputExtension, PHOTO_OUTPUT_EXTENSION } from '@/domain/photos'
import { changesOnTop, draftValues, editBase, prepareListing } from '@/domain/sell-flow'
import { placeText } from '@/i18n/place-label'

export type PublishResult = { ok: true; listingId: string } | { ok: false; messages: Message<PublishMessageKey>[] }

export const imageInputs = (photos: readonly SellDraftPhoto[]): ImageInput[] =>
  photos.map((p) =>
    p.blob
      ? {
          id: p.id,
          blob: p.blob,
          content_type: p.content_type,
          ext: isPhotoOutputType(p.content_type) ? photoOutputExtension(p.content_type) : PHOTO_OUTPUT_EXTENSION,
          ...(p.card_blob ? { card: p.card_blob } : {}),
        }
      : { id: p.id, image_url: p.image_url ?? '' },
  )

const TABLES = (db: KreisDatabase) => [
  db.drafts,
  db.draft_photos,
  db.meta,
  db.listings,
  db.listing_images,
  db.photo_blobs,
  db.outbox,
  db.my_profile,
  db.profiles,
]

/**
 * What a save writes: a new listing's form as it is; an edit's changes on top of the listing as the device now has
 * it, so fields another device changed since the draft started are not written back with their old values.
 */
async function valuesToSave(db: KreisDatabase, draft: SellDraft['draft']): Promise<DetailsFormValues> {
  const values = draftValues(draft.fields)
  const base = editBase(draft.fields)
  const current = draft.listing_id && base ? await db.listings.get(draft.listing_id) : undefined
  return current && base ? changesOnTop(base, values, detailsFromListing(current, placeText)) : values
}

/** Publishes a new listing, or (edit drafts) saves the listing the draft edits. */
export async function publishDraft(
  db: KreisDatabase,
  userId: string,
  draftId: string,
  now: number,
): Promise<PublishResult> {
  return db.transaction('rw', TABLES(db), async () => {
    const sd = await sellDraft(db, draftId)
    if (!sd) throw new Error(`no draft ${draftId}`)
    const check = prepareListing(await valuesToSave(db, sd.draft), sd.photos.length)
    if (!check.ok) return check
    const listingId = await saveListing(
      db,
      userId,
      { id: sd.draft.listing_id ?? undefined, fields: check.fields, images: imageInputs(sd.photos) },
      now,
    )
    await deleteDraft(db, draftId)
    return { ok: true as const, listingId }
  })
}
