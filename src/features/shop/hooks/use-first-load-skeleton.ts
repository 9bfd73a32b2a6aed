import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { hasActiveListings, useDatabase, useServerReachable, useSyncStatus } from '@/data'
import { SKELETON_DELAY_MS } from '@/domain/constants'

/**
 * The 12 skeleton cards of docs/product.md §2.6/§9 are for a device that has nothing to show yet: the first visit, while the
 * first sync fills the mirror. They stay at least 200 ms so they do not flash. A device with data shows it at
 * once (never a spinner where the device has data); offline, there is nothing to wait for.
 *
 * The engine reports a finished sync before the screen's live queries have re-read what it wrote, so "synced and
 * still empty" is believed only from a read made after that sync: otherwise the empty-feed message flashes between
 * the skeletons and the cards, and the footer jumps into view and out again (CLS).
 */
export function useFirstLoadSkeleton(hasListings: boolean | undefined): boolean {
  const db = useDatabase()
  const online = useServerReachable()
  const lastSyncAt = useSyncStatus((s) => s.lastSyncAt)
  const afterSync = useLiveQuery(
    async () => (lastSyncAt === null ? null : { at: lastSyncAt, has: await hasActiveListings(db) }),
    [db, lastSyncAt],
  )
  const syncedEmpty = lastSyncAt !== null && afterSync?.at === lastSyncAt && !afterSync.has
  const waiting = hasListings === false && online && !syncedEmpty
  const [minimumOver, setMinimumOver] = useState(false)
  const [started, setStarted] = useState(false)
  if (waiting && !started) setStarted(true)
  useEffect(() => {
    if (!started) return
    const timer = setTimeout(() => setMinimumOver(true), SKELETON_DELAY_MS)
    return () => clearTimeout(timer)
  }, [started])
  return waiting || (started && !minimumOver)
}
