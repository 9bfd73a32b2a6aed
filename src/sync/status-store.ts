/** What the UI shows about sync: online or not, what waits to be sent, when it last worked, what failed. */
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { StorageProblem } from '@/db/storage-errors'
import type { OutboxGroup } from '@/db/rows'
import { sameSyncFailure, type StoredSyncFailure } from '@/domain/errors'

export interface SyncStatus {
  online: boolean
  /** This tab runs the engine (other tabs follow through live queries). */
  leader: boolean
  /** Changes the person made that wait to be sent (a listing with its photos is one; each message is one). */
  pendingCount: number
  /** The unsent listings' photos as progress ("3 of 10 photos uploaded"), or null. */
  photos: { uploaded: number; total: number } | null
  /** Device time (ms) of the oldest waiting write. */
  oldestPendingAt: number | null
  /**
   * Device time (ms) since which queued writes keep meeting network errors, 5xx or 429 (they are retried with
   * backoff for as long as it takes, never failed for it): "Still trying since …". Null when nothing is retrying.
   */
  retryingSince: number | null
  /** Unsent writes of other accounts that used this device: they wait for their owner (never sent as this user). */
  writesWaitingForOtherAccounts: number
  /** Device time (ms) of the last sync that reached the server without failure. */
  lastSyncAt: number | null
  /** The last pull was answered with a failure (5xx, a refusal), not lost to the network: the feed says so. */
  pullFailing: boolean
  /** What the server refused: a reason code per failed entry (render with failure-messages.ts `renderSyncFailure`). */
  failures: { group: OutboxGroup; message: StoredSyncFailure }[]
  /** Writes wait for the user to sign in again. */
  needsSignIn: boolean
  storageProblem: StorageProblem | null
}

export const initialSyncStatus = (online: boolean): SyncStatus => ({
  online,
  leader: false,
  pendingCount: 0,
  photos: null,
  oldestPendingAt: null,
  retryingSince: null,
  writesWaitingForOtherAccounts: 0,
  lastSyncAt: null,
  pullFailing: false,
  failures: [],
  needsSignIn: false,
  storageProblem: null,
})

export type SyncStatusStore = StoreApi<SyncStatus>

export function createSyncStatusStore(online = globalThis.navigator?.onLine ?? true): SyncStatusStore {
  return createStore<SyncStatus>(() => initialSyncStatus(online))
}

/**
 * Sets only what changed, keeping the old `failures` array while its entries are the same: screens select fields
 * of the status, and a new array on every outbox recount re-rendered the whole shell during a first pull.
 */
export function patchSyncStatus(store: SyncStatusStore, patch: Partial<SyncStatus>): void {
  const prev = store.getState()
  const next: Partial<SyncStatus> = {}
  for (const key of Object.keys(patch) as (keyof SyncStatus)[]) {
    const value =
      key === 'failures' && sameFailures(prev.failures, patch.failures!)
        ? prev.failures
        : key === 'photos' && samePhotos(prev.photos, patch.photos!)
          ? prev.photos
          : patch[key]
    if (!Object.is(prev[key], value)) Object.assign(next, { [key]: value })
  }
  if (Object.keys(next).length > 0) store.setState(next)
}

const samePhotos = (a: SyncStatus['photos'], b: SyncStatus['photos']): boolean =>
  a === b || (a !== null && b !== null && a.uploaded === b.uploaded && a.total === b.total)

function sameFailures(a: SyncStatus['failures'], b: SyncStatus['failures']): boolean {
  return (
    a.length === b.length && a.every((f, i) => f.group === b[i]!.group && sameSyncFailure(f.message, b[i]!.message))
  )
}
