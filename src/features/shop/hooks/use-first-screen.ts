import { useEffect, useState } from 'react'
import { adoptFirstScreen, firstScreenPending, useDatabase, useSyncStatus } from '@/data'

/**
 * A cold visit of /shop: index.html already asked for the feed's first page (sync/app-sync.ts adoptFirstScreen);
 * it goes into the mirror now, and the page reads it from there. True while the page should hold the grid's space
 * instead of starting the skeletons (which would then stay their 200 ms minimum in front of cards that are already
 * there): while rows that already arrived are being stored, and until the page's own read of the mirror has seen
 * them (or the first sync has finished, whatever it found).
 */
export function useFirstScreen(hasListings: boolean | undefined): boolean {
  const db = useDatabase()
  const [stored, setStored] = useState<number | null>(() => (firstScreenPending() ? null : 0))
  const synced = useSyncStatus((s) => s.lastSyncAt !== null)
  useEffect(() => {
    let mounted = true
    void adoptFirstScreen(db).then((ids) => mounted && setStored(ids.size))
    return () => {
      mounted = false
    }
  }, [db])
  return stored === null || (stored > 0 && hasListings !== true && !synced)
}
