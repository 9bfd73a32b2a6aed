import { useCallback } from 'react'
import { t } from '@/i18n'
import { toggleFavourite } from '@/sync/local-writes'
import { useWriteContext } from '@/sync/use-session-user'
import { toast } from '@/ui/toast/toast-store'

/**
 * The heart: toggles the favourite on the device (signed in, also on the account through the outbox), pokes the
 * sync engine, and confirms with the spec §8 toast
 * ("Added to favorites" / "Removed from favorites" with the title).
 */
export function useToggleFavourite(): (listingId: string, title: string) => Promise<void> {
  const { db, userId, now, poke } = useWriteContext()
  return useCallback(
    async (listingId, title) => {
      const liked = await toggleFavourite(db, userId ?? null, listingId, now())
      poke()
      toast({ title: t(liked ? 'toast.favoriteAdded' : 'toast.favoriteRemoved'), description: title })
    },
    [db, userId, now, poke],
  )
}
