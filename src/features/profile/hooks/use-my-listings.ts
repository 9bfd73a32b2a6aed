import { useLiveQuery } from 'dexie-react-hooks'
import { ownListings, useDatabase, type ListingRow } from '@/data'

/** The signed-in seller's listings on this device (sold, unsent and refused ones included); undefined while read. */
export function useMyListings(userId: string): ListingRow[] | undefined {
  const db = useDatabase()
  return useLiveQuery(() => ownListings(db, userId), [db, userId])
}
