/**
 * The files a seller chose, kept on the device the moment they are chosen, until each is prepared (compressed) into
 * its draft: a reload or a closed tab while photos are being prepared loses none of them — the sell screen
 * prepares what is left when it opens again. Kept in `meta`, one row per file, under the draft's prefix.
 */
import type { KreisDatabase } from '../database'

export interface PhotoOriginal {
  /** The id the prepared photo will have. */
  id: string
  draftId: string
  name: string
  file: Blob
  /** The order the files were chosen in. */
  order: number
}

const prefix = (draftId: string) => `photo-original:${draftId}:`

export async function keepOriginals(db: KreisDatabase, originals: readonly PhotoOriginal[]): Promise<void> {
  await db.meta.bulkPut(originals.map((o) => ({ key: `${prefix(o.draftId)}${o.id}`, value: o })))
}

/** The files of a draft not prepared yet, in the order they were chosen. */
export async function originalsOf(db: KreisDatabase, draftId: string): Promise<PhotoOriginal[]> {
  const rows = await db.meta.where('key').startsWith(prefix(draftId)).toArray()
  return rows.map((r) => r.value as PhotoOriginal).sort((a, b) => a.order - b.order)
}

export async function dropOriginal(db: KreisDatabase, draftId: string, id: string): Promise<void> {
  await db.meta.delete(`${prefix(draftId)}${id}`)
}
