/**
 * My listings' actions (docs/decisions.md#D-my-listings), each a local write then a poke (the sync engine sends it): mark sold or
 * available again, delete (its photos too), retry a refused listing; discard goes through the engine, which puts
 * the server's version back and removes files nothing uses.
 */
import { useCallback, useState } from 'react'
import { getAppSync, type ListingRow } from '@/data'
import { t } from '@/i18n'
import { useDeleteListing, useListingStatus, useRetryListing } from '@/shared/use-listing-actions'
import { toast } from '@/ui/toast/toast-store'

export interface MyListingActions {
  /** The id of the listing an action is running for. */
  busyId: string | null
  setStatus(listing: ListingRow, status: ListingRow['status']): Promise<void>
  remove(listing: ListingRow): Promise<void>
  retry(listing: ListingRow): Promise<void>
  discard(listing: ListingRow): Promise<void>
}

export function useMyListingActions(): MyListingActions {
  const writeStatus = useListingStatus()
  const deleteListing = useDeleteListing()
  const retryListing = useRetryListing()
  const [busyId, setBusyId] = useState<string | null>(null)

  const run = useCallback(async (id: string, work: () => Promise<void>, done: string, description?: string) => {
    setBusyId(id)
    try {
      await work()
      toast({ title: done, description })
    } catch {
      toast({ title: t('toast.somethingWrong'), destructive: true })
    } finally {
      setBusyId(null)
    }
  }, [])

  const setStatus = useCallback(
    (l: ListingRow, status: ListingRow['status']) =>
      run(
        l.id,
        () => writeStatus(l.id, status),
        status === 'sold' ? t('sellFlow.markedSold') : t('sellFlow.markedAvailable'),
        status === 'sold' ? t('sellFlow.markedSoldDescription') : undefined,
      ),
    [writeStatus, run],
  )
  const remove = useCallback(
    (l: ListingRow) => run(l.id, () => deleteListing(l.id), t('sellFlow.deleted')),
    [deleteListing, run],
  )
  const retry = useCallback(
    (l: ListingRow) => run(l.id, () => retryListing(l.id), t('myListings.retrying')),
    [retryListing, run],
  )
  const discard = useCallback(
    (l: ListingRow) => run(l.id, () => getAppSync().discard(`listing:${l.id}`), t('myListings.discarded')),
    [run],
  )

  return { busyId, setStatus, remove, retry, discard }
}
