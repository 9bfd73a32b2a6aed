import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase, useFavouriteToggle, type KreisDatabase } from '@/data'
import { favoriteToast } from '@/domain/toasts'
import { renderToast } from '@/i18n'
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

/** The heart toggle: the shared write (sync/use-session-user), then the docs/product.md §8 toast with the item's title. */
export function useToggleFavourite(): (listingId: string, title: string) => Promise<void> {
  const toggle = useFavouriteToggle()
  return async (listingId, title) => {
    toast(renderToast(favoriteToast(await toggle(listingId), title)))
  }
}
