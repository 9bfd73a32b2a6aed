import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase } from '@/db/database-context'
import { ownListing, type OwnListing } from '@/db/repositories/own-listing'

/** One listing with its images and upload progress: undefined while loading, null when the device has none. */
export function useOwnListing(listingId: string): OwnListing | null | undefined {
  const db = useDatabase()
  return useLiveQuery(() => ownListing(db, listingId), [db, listingId])
}
