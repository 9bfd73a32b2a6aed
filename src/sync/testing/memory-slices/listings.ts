/** The memory model's listings slice (the same operations as src/remote/transport/listings.ts). */
import type { ListingBundle } from '@/db/repositories/mirror'
import type { ListingsSlice, Result } from '../../protocol'
import * as screenOps from '../memory-screen-ops'
import type { MemoryContext } from './context'

export const memoryListings = ({ server, userId, write, read }: MemoryContext): ListingsSlice => ({
  uploadPhoto(path, blob, contentType) {
    return write('uploadPhoto', [`object:${path}`], () => server.uploadPhoto(userId, path, blob, contentType))
  },
  async saveListings(saves) {
    const copy = structuredClone(saves)
    const r = await write(
      'saveListings',
      copy.map((x) => `listing:${x.listing_id}`),
      () => server.saveListings(userId, copy),
    )
    if (!r.ok) return r
    // As the Supabase transport: the files of dropped images go after the commit, once the answer is in (a lost
    // answer leaves them behind: an orphan file, never a broken image).
    const removed = r.value.flatMap((x) => x.removed)
    if (removed.length) server.removeFiles(userId, removed)
    return { ok: true, value: r.value.map(({ removed: _removed, ...saved }) => saved) }
  },
  deleteListing(listingId, paths) {
    const copy = [...paths]
    return write('deleteListing', [`listing:${listingId}`], () =>
      screenOps.deleteListing(server, userId, listingId, copy),
    )
  },
  removeFiles(paths) {
    const copy = [...paths]
    return read(() => server.removeFiles(userId, copy))
  },
  fetchListing(id): Promise<Result<ListingBundle | null>> {
    return read(() => {
      const l = server.listings.get(id)
      return l && server.canSeeListing(userId, l) ? server.bundle([l]) : null
    })
  },
  fetchListings(ids) {
    const copy = [...ids]
    return read(() => server.listingsById(userId, copy))
  },
})
