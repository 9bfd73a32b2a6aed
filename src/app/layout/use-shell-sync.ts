/**
 * What the shell shows about sync, from one place: the browser's online flag (the badge follows the network the
 * moment it changes) and the engine's status (what waits, what failed, when the device last heard the server,
 * storage trouble). H1a's DB-backed overview may replace the engine reads later; the shape stays.
 */
import { useEffect, useMemo, useState } from 'react'
import { useSyncStatus } from '@/sync/app-sync'
import { useOnlineStatus } from '@/ui/use-online-status'

export function useShellSync() {
  const online = useOnlineStatus()
  const pending = useSyncStatus((s) => s.pendingCount)
  const allFailures = useSyncStatus((s) => s.failures)
  // One row per entity: a refused write holds the rest of its group behind it.
  const failures = useMemo(() => allFailures.filter((f, i) => allFailures.findIndex((g) => g.group === f.group) === i), [allFailures])
  const lastSyncAt = useSyncStatus((s) => s.lastSyncAt)
  const storageProblem = useSyncStatus((s) => s.storageProblem)
  const needsSignIn = useSyncStatus((s) => s.needsSignIn)
  return { online, pending, failures, lastSyncAt, storageProblem, needsSignIn }
}

export type ShellSync = ReturnType<typeof useShellSync>

/** The current time, renewed every 30 s while mounted (for "updated 5 min ago"). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
