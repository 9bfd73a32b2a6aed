import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase } from '@/db/database-context'
import { favouriteListings, type FavouriteListing } from '@/db/repositories/feed'

/** The device's favourites with their listings (live; offline too); undefined while it reads. */
export function useFavouriteListings(): FavouriteListing[] | undefined {
  const db = useDatabase()
  return useLiveQuery(() => favouriteListings(db), [db])
}
