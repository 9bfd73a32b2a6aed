import { useEffect, useState } from 'react'
import { SKELETON_DELAY_MS } from '@/domain/constants'
import { useSyncStatus } from '@/sync/app-sync'

/**
 * The 12 skeleton cards of spec §2.6/§9 are for a device that has nothing to show yet: the first visit, while the
 * first sync fills the mirror. They stay at least 200 ms so they do not flash. A device with data shows it at
 * once (never a spinner where the device has data); offline, there is nothing to wait for.
 */
export function useFirstLoadSkeleton(hasListings: boolean | undefined): boolean {
  const online = useSyncStatus((s) => s.online)
  const synced = useSyncStatus((s) => s.lastSyncAt !== null)
  const waiting = hasListings === false && online && !synced
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
