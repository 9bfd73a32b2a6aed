/** The memory model's favourites slice (the same operations as src/remote/transport/favourites.ts). */
import type { FavouritesSlice } from '../../protocol'
import * as screenOps from '../memory-screen-ops'
import type { MemoryContext } from './context'

export const memoryFavourites = ({ server, userId, write, read }: MemoryContext): FavouritesSlice => ({
  setFavorite(owner, listingId, favourite, createdAt, editedAt) {
    return write('setFavorite', [`favorite:${owner}:${listingId}`], () =>
      screenOps.setFavorite(server, userId, owner, listingId, favourite, createdAt, editedAt),
    )
  },
  pullFavorites() {
    return read(() => screenOps.pullFavorites(server, userId))
  },
})
