import { useLiveQuery } from 'dexie-react-hooks'
import { ownListing, useDatabase, type OwnListing } from '@/data'

/** One listing with its images and upload progress: undefined while loading, null when the device has none. */
export function useOwnListing(listingId: string): OwnListing | null | undefined {
  const db = useDatabase()
  return useLiveQuery(() => ownListing(db, listingId), [db, listingId])
}
