import { useLiveQuery } from 'dexie-react-hooks'
import { favouriteListings, useDatabase, type FavouriteListing } from '@/data'

/** The device's favourites with their listings (live; offline too); undefined while it reads. */
export function useFavouriteListings(): FavouriteListing[] | undefined {
  const db = useDatabase()
  return useLiveQuery(() => favouriteListings(db), [db])
}
