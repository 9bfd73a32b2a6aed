import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase } from '@/db/database-context'
import type { KreisDatabase } from '@/db/database'
import { toggleFavourite } from '@/db/repositories/favourites'
import { favoriteToast } from '@/domain/toasts'
import { renderToast } from '@/i18n'
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
 * with the item's title (spec §8 feed).
 * TODO(H1a): switch to `toggleFavourite(db, userId|null, listingId, now)` from src/sync/local-writes.ts once it
 * lands, so a signed-in user's favourites sync through the outbox (then poke()).
 */
export function useToggleFavourite(): (listingId: string, title: string) => Promise<void> {
  const { db, now, poke } = useWriteContext()
  return async (listingId, title) => {
    const liked = await toggleFavourite(db, listingId, now())
    poke()
    toast(renderToast(favoriteToast(liked, title)))
  }
}
