import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase, type KreisDatabase } from '@/data'

/** Whether the listing is one of the device's favourites. */
export function isFavourite(db: KreisDatabase, listingId: string): Promise<boolean> {
  return db.favourites.get(listingId).then((f) => f !== undefined)
}

/** The heart's state (live; undefined while read). */
export function useIsFavourite(listingId: string): boolean | undefined {
  const db = useDatabase()
  return useLiveQuery(() => isFavourite(db, listingId), [db, listingId])
}
