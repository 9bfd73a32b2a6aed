/**
 * An own listing's actions beyond editing (docs/decisions.md#D-my-listings), for the edit form and My listings: retry
 * after a refusal, mark sold or available again, delete. Each is a local write, then a poke (the engine sends it).
 */
import { useCallback } from 'react'
import { deleteListing, retryFailed, setListingStatus, useWriteContext, type ListingRow } from '@/data'

export function useRetryListing() {
  const { db, poke } = useWriteContext()
  return useCallback(
    async (listingId: string) => {
      await retryFailed(db, `listing:${listingId}`)
      poke()
    },
    [db, poke],
  )
}

export function useListingStatus() {
  const { db, now, poke } = useWriteContext()
  return useCallback(
    async (listingId: string, status: ListingRow['status']) => {
      await setListingStatus(db, listingId, status, now())
      poke()
    },
    [db, now, poke],
  )
}

export function useDeleteListing() {
  const { db, now, poke } = useWriteContext()
  return useCallback(
    async (listingId: string) => {
      await deleteListing(db, listingId, now())
      poke()
    },
    [db, now, poke],
  )
}
