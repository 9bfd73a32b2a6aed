import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase } from '@/db/database-context'
import type { KreisDatabase } from '@/db/database'
import { favoriteToast } from '@/domain/toasts'
import { renderToast } from '@/i18n'
import { toggleFavourite } from '@/sync/local-writes'
import { useWriteContext } from '@/sync/use-session-user'
import { toast } from '@/ui/toast/toast-store'

/** Whether the listing is one of the device's favourites. */
export function isFavourite(db: KreisDatabase, listingId: string): Promise<boolean> {
  return db.favourites.get(listingId).then((f) => f !== undefined)
}

/** The heart's state (live; undefined while read). */
export function useIsFavourite(listingId: string): boolean | undefined {
  const db = useDatabase()
  return useLiveQuery(() => isFavourite(db, listingId), [db, listingId])
}

/**
 * The heart toggle: stores or removes the favourite, then shows "Added to favorites" / "Removed from favorites"
 * with the item's title (spec §8 feed). Signed in, the favourite also goes to the account through the outbox.
 */
export function useToggleFavourite(): (listingId: string, title: string) => Promise<void> {
  const { db, userId, now, poke } = useWriteContext()
  return async (listingId, title) => {
    const liked = await toggleFavourite(db, userId ?? null, listingId, now())
    poke()
    toast(renderToast(favoriteToast(liked, title)))
  }
}
