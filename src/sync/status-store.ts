/** What the UI shows about sync: online or not, what waits to be sent, when it last worked, what failed. */
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { StorageProblem } from '@/db/storage-errors'
import type { OutboxGroup } from '@/db/rows'

export interface SyncStatus {
  online: boolean
  /** This tab runs the engine (other tabs follow through live queries). */
  leader: boolean
  /** Writes waiting to be sent. */
  pendingCount: number
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
  failures: { group: OutboxGroup; message: string }[]
  /** Writes wait for the user to sign in again. */
  needsSignIn: boolean
  storageProblem: StorageProblem | null
}

export const initialSyncStatus = (online: boolean): SyncStatus => ({
  online,
  leader: false,
  pendingCount: 0,
  oldestPendingAt: null,
  retryingSince: null,
  writesWaitingForOtherAccounts: 0,
  lastSyncAt: null,
  failures: [],
  needsSignIn: false,
  storageProblem: null,
})

export type SyncStatusStore = StoreApi<SyncStatus>

export function createSyncStatusStore(online = globalThis.navigator?.onLine ?? true): SyncStatusStore {
  return createStore<SyncStatus>(() => initialSyncStatus(online))
}
