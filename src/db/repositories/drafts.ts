/**
 * Sell-flow drafts (device only): the form's fields and the compressed photos awaiting upload, kept across
 * reloads and offline. Publishing hands the photos to the outbox (src/sync/kinds/listing-save.ts saveListing) and
 * removes the draft.
 */
import type { Table } from 'dexie'
import { draftValues, isDraftEmpty } from '@/domain/sell-flow'
import type { KreisDatabase } from '../database'
import type { DraftPhotoRow, DraftRow } from '../rows'

export async function saveDraft(db: KreisDatabase, draft: Omit<DraftRow, 'updated_at'>, now: number): Promise<void> {
  await db.drafts.put({ ...draft, updated_at: now })
}

export function getDraft(db: KreisDatabase, id: string): Promise<DraftRow | undefined> {
  return db.drafts.get(id)
}

/** The draft's photos in their order. */
export function draftPhotos(db: KreisDatabase, draftId: string): Promise<DraftPhotoRow[]> {
  return db.draft_photos.where('draft_id').equals(draftId).sortBy('position')
}

/** Adds photos at the end. */
export async function addDraftPhotos(
  db: KreisDatabase,
  draftId: string,
  photos: Omit<DraftPhotoRow, 'draft_id' | 'position'>[],
): Promise<void> {
  await db.transaction('rw', db.draft_photos, async () => {
    const start = await db.draft_photos.where('draft_id').equals(draftId).count()
    await db.draft_photos.bulkPut(photos.map((p, i) => ({ ...p, draft_id: draftId, position: start + i })))
  })
}

/** Puts the photos in the given order (ids not listed are removed). */
export async function setDraftPhotoOrder(
  db: KreisDatabase,
  draftId: string,
  orderedIds: readonly string[],
): Promise<void> {
  await db.transaction('rw', db.draft_photos, async () => {
    const keep = new Map(orderedIds.map((id, i) => [id, i]))
    const all = await db.draft_photos.where('draft_id').equals(draftId).toArray()
    await db.draft_photos.bulkDelete(all.filter((p) => !keep.has(p.id)).map((p) => p.id))
    await db.draft_photos.bulkPut(all.filter((p) => keep.has(p.id)).map((p) => ({ ...p, position: keep.get(p.id)! })))
  })
}

export async function deleteDraft(db: KreisDatabase, draftId: string): Promise<void> {
  await db.transaction('rw', [db.drafts, db.draft_photos, db.meta], async () => {
    await db.draft_photos.where('draft_id').equals(draftId).delete()
    await db.drafts.delete(draftId)
    // Chosen files still waiting to be prepared go with their draft (repositories/photo-originals.ts).
    await db.meta.where('key').startsWith(`photo-original:${draftId}:`).delete()
  })
}

// ——— The sell flow's drafts (docs/decisions.md#D-sell-drafts): new-listing drafts and edit drafts, with their photos ———
//
// A new-listing draft has listing_id null; the one updated last is the form in progress. Opening /sell starts a
// fresh one (docs/product.md §2.1 reset) and the previous one, if anything is in it, stays as an unfinished listing the
// sell pages offer to continue: nothing the seller made is lost by a reset. An edit draft has the id
// `edit:{listing_id}` and keeps the listing's server images as photos without a blob.

/** A draft photo: a compressed new photo with its card image, or (edit drafts) an image already on the server. */
export interface SellDraftPhoto {
  id: string
  draft_id: string
  position: number
  /** null for a server image an edit keeps. */
  blob: Blob | null
  card_blob: Blob | null
  content_type: string
  /** The server image's image_url (edit drafts), else null. */
  image_url: string | null
}

const photoTable = (db: KreisDatabase): Table<SellDraftPhoto, string> =>
  db.draft_photos as unknown as Table<SellDraftPhoto, string>

export const editDraftId = (listingId: string): string => `edit:${listingId}`

/** The draft's photos in order, server images included. */
export function sellDraftPhotos(db: KreisDatabase, draftId: string): Promise<SellDraftPhoto[]> {
  return photoTable(db).where('draft_id').equals(draftId).sortBy('position')
}

async function newDrafts(db: KreisDatabase): Promise<DraftRow[]> {
  return (await db.drafts.orderBy('updated_at').reverse().toArray()).filter((d) => d.listing_id === null)
}

/** The new-listing form in progress (the draft updated last), if any. */
export async function currentNewDraft(db: KreisDatabase): Promise<DraftRow | undefined> {
  return (await newDrafts(db))[0]
}

export interface UnfinishedDraft {
  draft: DraftRow
  photoCount: number
  cover: Blob | null
}

/** New-listing drafts other than the current one that hold something, newest first (offered to continue). */
export async function unfinishedDrafts(db: KreisDatabase): Promise<UnfinishedDraft[]> {
  const [, ...others] = await newDrafts(db)
  const out: UnfinishedDraft[] = []
  for (const draft of others) {
    const photos = await sellDraftPhotos(db, draft.id)
    if (isDraftEmpty(draftValues(draft.fields), photos.length)) continue
    out.push({ draft, photoCount: photos.length, cover: photos[0]?.card_blob ?? photos[0]?.blob ?? null })
  }
  return out
}

/** Starts an empty new-listing form; empty drafts left behind are dropped, others stay to be continued. */
export async function startNewDraft(db: KreisDatabase, now: number, id: string = crypto.randomUUID()): Promise<string> {
  await db.transaction('rw', [db.drafts, db.draft_photos], async () => {
    for (const d of await newDrafts(db)) {
      const count = await db.draft_photos.where('draft_id').equals(d.id).count()
      if (isDraftEmpty(draftValues(d.fields), count)) await db.drafts.delete(d.id)
    }
    await db.drafts.put({ id, listing_id: null, fields: {}, updated_at: now })
  })
  return id
}

/** Makes a draft the form in progress again (the sell pages' "Continue"). */
export async function resumeDraft(db: KreisDatabase, draftId: string, now: number): Promise<void> {
  await db.drafts.update(draftId, { updated_at: now })
}

/** Merges form values (or other draft fields) into the draft. */
export async function updateDraftFields(
  db: KreisDatabase,
  draftId: string,
  patch: Record<string, unknown>,
  now: number,
): Promise<void> {
  await db.transaction('rw', db.drafts, async () => {
    const d = await db.drafts.get(draftId)
    if (d) await db.drafts.put({ ...d, fields: { ...d.fields, ...patch }, updated_at: now })
  })
}

/** Appends compressed photos (or, for an edit draft, server images) at the end of the draft. */
export async function appendSellDraftPhotos(
  db: KreisDatabase,
  draftId: string,
  photos: Omit<SellDraftPhoto, 'draft_id' | 'position'>[],
  now: number,
): Promise<void> {
  await db.transaction('rw', [db.draft_photos, db.drafts], async () => {
    const existing = await photoTable(db).where('draft_id').equals(draftId).toArray()
    const start = existing.reduce((max, p) => Math.max(max, p.position + 1), 0)
    await photoTable(db).bulkPut(photos.map((p, i) => ({ ...p, draft_id: draftId, position: start + i })))
    await db.drafts.update(draftId, { updated_at: now })
  })
}

/** Starts (or restarts) an edit draft from the listing as the device has it. */
export async function startEditDraft(
  db: KreisDatabase,
  listingId: string,
  fields: Record<string, unknown>,
  images: readonly { id: string; image_url: string }[],
  now: number,
): Promise<string> {
  const id = editDraftId(listingId)
  await db.transaction('rw', [db.drafts, db.draft_photos], async () => {
    await db.draft_photos.where('draft_id').equals(id).delete()
    await db.drafts.put({ id, listing_id: listingId, fields, updated_at: now })
    await photoTable(db).bulkPut(
      images.map((img, i) => ({
        id: img.id,
        draft_id: id,
        position: i,
        blob: null,
        card_blob: null,
        content_type: '',
        image_url: img.image_url,
      })),
    )
  })
  return id
}

export interface SellDraft {
  draft: DraftRow
  photos: SellDraftPhoto[]
}

/** A draft with its photos in order, or null when there is none. */
export async function sellDraft(db: KreisDatabase, draftId: string): Promise<SellDraft | null> {
  const draft = await db.drafts.get(draftId)
  return draft ? { draft, photos: await sellDraftPhotos(db, draftId) } : null
}

/** The new-listing form in progress with its photos, or null when there is none. */
export async function currentSellDraft(db: KreisDatabase): Promise<SellDraft | null> {
  const draft = await currentNewDraft(db)
  return draft ? { draft, photos: await sellDraftPhotos(db, draft.id) } : null
}

/** Puts the draft's photos in this order (ids not listed are removed) and marks the draft changed. */
export async function orderSellDraftPhotos(
  db: KreisDatabase,
  draftId: string,
  orderedIds: readonly string[],
  now: number,
): Promise<void> {
  await db.transaction('rw', [db.draft_photos, db.drafts], async () => {
    await setDraftPhotoOrder(db, draftId, orderedIds)
    await db.drafts.update(draftId, { updated_at: now })
  })
}
