/**
 * The sync state a screen shows, the same in every tab: the counts and failures come from the outbox, the last
 * sync and the sign-in need from what the leader tab stored (tabs.ts), so a follower tab is as current as the
 * leader.
 */
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { StorageProblem } from '@/db/storage-errors'
import type { OutboxGroup } from '@/db/rows'
import type { StoredSyncFailure } from '@/domain/errors'
import { useSyncStatus } from './app-sync'

/** What a failed write was about (its outbox group's kind). */
export type FailureKind = 'listing' | 'conversation' | 'profile' | 'favourite' | 'read' | 'push'

export interface SyncOverview {
  online: boolean
  /** Writes not yet on the server. */
  pendingCount: number
  /** Device time (ms) of the oldest of them, or null. */
  oldestPendingAt: number | null
  /** Device time (ms) of the last sync that went through (any tab's), or null. */
  lastSyncAt: number | null
  /** Writes the server refused, waiting for the user to retry or discard (engine.retry / engine.discard by group). */
  failures: { group: OutboxGroup; message: StoredSyncFailure; kind: FailureKind }[]
  /** Writes wait for the user to sign in again. */
  needsSignIn: boolean
  storageProblem: StorageProblem | null
}

export const failureKind = (group: OutboxGroup): FailureKind => group.slice(0, group.indexOf(':')) as FailureKind

export function useSyncOverview(): SyncOverview {
  const s = useSyncStatus(
    useShallow((x) => ({
      online: x.online,
      pendingCount: x.pendingCount,
      oldestPendingAt: x.oldestPendingAt,
      lastSyncAt: x.lastSyncAt,
      failures: x.failures,
      needsSignIn: x.needsSignIn,
      storageProblem: x.storageProblem,
    })),
  )
  const failures = useMemo(() => s.failures.map((f) => ({ ...f, kind: failureKind(f.group) })), [s.failures])
  return { ...s, failures }
}
