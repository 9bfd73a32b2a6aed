import { useCallback } from 'react'
import { toggleFavourite } from '@/sync/kinds/favourite-set'
import { useWriteContext } from './write-context'

/**
 * The heart's write, for every screen with a heart: toggles the favourite on the device (signed in, also on the
 * account through the outbox) and pokes the engine. Resolves to whether the listing is now a favourite.
 */
export function useFavouriteToggle(): (listingId: string) => Promise<boolean> {
  const { db, userId, now, poke } = useWriteContext()
  return useCallback(
    async (listingId) => {
      const liked = await toggleFavourite(db, userId ?? null, listingId, now())
      poke()
      return liked
    },
    [db, userId, now, poke],
  )
}
