import { useCallback } from 'react'
import { toggleFavourite } from '@/db/repositories/favourites'
import { t } from '@/i18n'
import { useWriteContext } from '@/sync/use-session-user'
import { toast } from '@/ui/toast/toast-store'

/**
 * The heart: toggles the favourite on the device, pokes the sync engine, and confirms with the spec §8 toast
 * ("Added to favorites" / "Removed from favorites" with the title).
 */
export function useToggleFavourite(): (listingId: string, title: string) => Promise<void> {
  const { db, userId, now, poke } = useWriteContext()
  return useCallback(
    async (listingId, title) => {
      // TODO(H1a): toggleFavourite(db, userId ?? null, listingId, now()) from src/sync/local-writes.ts (synced).
      void userId
      const liked = await toggleFavourite(db, listingId, now())
      poke()
      toast({ title: t(liked ? 'toast.favoriteAdded' : 'toast.favoriteRemoved'), description: title })
    },
    [db, userId, now, poke],
  )
}
