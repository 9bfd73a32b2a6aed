/**
 * What the shell shows about sync, from one place: the browser's online flag (the badge follows the network the
 * moment it changes) and the engine's status (what waits, what failed, when the device last heard the server,
 * storage trouble) as the data layer reports it to the shell's store (../live/shell-state), so the header paints
 * before the engine's code has loaded.
 */
import { useMemo } from 'react'
import { useOnlineStatus } from '@/ui/use-online-status'
import { useShellLive } from '../live/shell-state'

export function useShellSync() {
  const online = useOnlineStatus()
  const sync = useShellLive((s) => s.sync)
  const allFailures = sync.failures
  // One row per entity: a refused write holds the rest of its group behind it.
  const failures = useMemo(
    () => allFailures.filter((f, i) => allFailures.findIndex((g) => g.group === f.group) === i),
    [allFailures],
  )
  return {
    online,
    pending: sync.pendingCount,
    photos: sync.photos,
    failures,
    lastSyncAt: sync.lastSyncAt,
    storageProblem: sync.storageProblem,
    needsSignIn: sync.needsSignIn,
  }
}

export type ShellSync = ReturnType<typeof useShellSync>
