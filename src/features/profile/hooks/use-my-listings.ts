import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase } from '@/db/database-context'
import { ownListings } from '@/db/repositories/feed'
import type { ListingRow } from '@/db/rows'

/** The signed-in seller's listings on this device (sold, unsent and refused ones included); undefined while read. */
export function useMyListings(userId: string): ListingRow[] | undefined {
  const db = useDatabase()
  return useLiveQuery(() => ownListings(db, userId), [db, userId])
}
