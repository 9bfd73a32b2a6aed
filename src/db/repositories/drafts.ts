/**
 * Sell-flow drafts (device only): the form's fields and the compressed photos awaiting upload, kept across
 * reloads and offline. Publishing hands the photos to the outbox (src/sync/local-writes.ts saveListing) and
 * removes the draft.
 */
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
export async function addDraftPhotos(db: KreisDatabase, draftId: string, photos: Omit<DraftPhotoRow, 'draft_id' | 'position'>[]): Promise<void> {
  await db.transaction('rw', db.draft_photos, async () => {
    const start = await db.draft_photos.where('draft_id').equals(draftId).count()
    await db.draft_photos.bulkPut(photos.map((p, i) => ({ ...p, draft_id: draftId, position: start + i })))
  })
}

/** Puts the photos in the given order (ids not listed are removed). */
export async function setDraftPhotoOrder(db: KreisDatabase, draftId: string, orderedIds: readonly string[]): Promise<void> {
  await db.transaction('rw', db.draft_photos, async () => {
    const keep = new Map(orderedIds.map((id, i) => [id, i]))
    const all = await db.draft_photos.where('draft_id').equals(draftId).toArray()
    await db.draft_photos.bulkDelete(all.filter((p) => !keep.has(p.id)).map((p) => p.id))
    await db.draft_photos.bulkPut(all.filter((p) => keep.has(p.id)).map((p) => ({ ...p, position: keep.get(p.id)! })))
  })
}

export async function deleteDraft(db: KreisDatabase, draftId: string): Promise<void> {
  await db.transaction('rw', [db.drafts, db.draft_photos], async () => {
    await db.draft_photos.where('draft_id').equals(draftId).delete()
    await db.drafts.delete(draftId)
  })
}
