/** The listings slice: photo uploads, the save of listings with their photo sets (A1), deletes, files, fetch by id. */
import type { ListingBundle } from '@/db/repositories/mirror'
import { STORAGE_BUCKET } from '@/domain/constants'
import { cardImagePath } from '@/domain/photos'
import type { ListingSave, ListingSaved, ListingsSlice, Result } from '@/sync/protocol'
import { fromStorage } from '../errors'
import { toImage, toListing } from '../rows'
import { embeddedListings, LISTING_BUNDLE_SELECT } from './bundles'
import { ok, run, type Row, type SupabaseContext } from './query'

/** One element of the RPC save_listings' answer (migration 20261123002100). */
interface SavedRow {
  /** null: the listing was deleted and the save skipped (tombstones, migration 20261123220100). */
  listing: Row | null
  listing_id?: string
  images: Row[]
  removed?: string[]
}

/** Storage paths with each photo's card image beside it (docs/decisions.md#D-card-images: `{stem}.card.webp`), deduplicated: a photo's
 * files go together. Removing a card that was never uploaded is a no-op. */
export function withCardImages(paths: readonly string[]): string[] {
  return [...new Set(paths.flatMap((p) => [p, cardImagePath(p)].filter((x): x is string => !!x)))]
}

export const listingsSlice = ({ client, tagged }: SupabaseContext): ListingsSlice => ({
  async uploadPhoto(path: string, blob: Blob, contentType: string): Promise<Result<void>> {
    try {
      const { error } = await client.storage.from(STORAGE_BUCKET).upload(path, blob, { upsert: true, contentType })
      return error ? tagged(fromStorage(error as never)) : ok(undefined)
    } catch (e) {
      return { ok: false, reason: 'network', message: (e as Error).message }
    }
  },

  async saveListings(saves: ListingSave[]): Promise<Result<ListingSaved[]>> {
    const r = tagged(await run<SavedRow[]>(client.rpc('save_listings', { saves })))
    if (!r.ok) return r
    // The files of images the saves dropped, and nothing uses any more, go only now that the sets are committed
    // (best-effort: a lost delete leaves an orphan file, never a broken image).
    const removed = withCardImages(r.value.flatMap((x) => x.removed ?? []))
    if (removed.length)
      await client.storage
        .from(STORAGE_BUCKET)
        .remove(removed)
        .catch(() => undefined)
    return ok(
      r.value.map((x, i): ListingSaved =>
        x.listing === null
          ? { listing: null, listing_id: x.listing_id ?? saves[i]!.listing_id, images: [] }
          : { listing: toListing(x.listing), images: x.images.map(toImage) },
      ),
    )
  },

  async deleteListing(listingId: string, paths: string[]): Promise<Result<void>> {
    const images = await run<Row[]>(client.from('listing_images').select('image_url').eq('listing_id', listingId))
    if (!images.ok) return images
    // The row first (its image rows, conversations and messages go with it): a file is never removed while a
    // visible listing still shows it. A retry after a lost answer finds no image rows, so the device's paths count.
    const del = await run(client.from('listings').delete().eq('id', listingId))
    if (!del.ok) return del
    const files = withCardImages(
      [...images.value.map((x) => String(x.image_url)), ...paths].filter((p) => p && !/^https?:\/\//i.test(p)),
    )
    if (!files.length) return ok(undefined)
    try {
      const { error } = await client.storage.from(STORAGE_BUCKET).remove(files)
      return error ? fromStorage(error as never) : ok(undefined)
    } catch (e) {
      return { ok: false, reason: 'network', message: (e as Error).message }
    }
  },

  async removeFiles(paths: string[]): Promise<Result<void>> {
    try {
      const { error } = await client.storage.from(STORAGE_BUCKET).remove(paths)
      return error ? tagged(fromStorage(error as never)) : ok(undefined)
    } catch (e) {
      return { ok: false, reason: 'network', message: (e as Error).message }
    }
  },

  async fetchListing(id: string): Promise<Result<ListingBundle | null>> {
    const r = await embeddedListings(client.from('listings').select(LISTING_BUNDLE_SELECT).eq('id', id).limit(1))
    if (!r.ok) return r
    return r.value.listings.length ? r : ok(null)
  },

  fetchListings(ids: string[]): Promise<Result<ListingBundle>> {
    return embeddedListings(client.from('listings').select(LISTING_BUNDLE_SELECT).in('id', ids).order('id'))
  },
})
