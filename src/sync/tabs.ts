/**
 * Several tabs, one engine at work (docs/architecture.md §1 rule 6): the leader tab drains and pulls; every other tab only
 * writes locally and asks the leader, and shows the status the leader leaves in the database.
 * - A write in any tab reaches the leader at once: the leader watches the outbox (Dexie tells every tab of every
 *   commit) and also listens on the BroadcastChannel SYNC_CHANNEL for explicit pokes.
 * - The status every tab shows comes from the database: counts and failures from the outbox, the leader's last
 *   sync, sign-in need and connectivity from the meta row SYNC_STATUS_KEY.
 */
import { liveQuery } from 'dexie'
import type { KreisDatabase } from '@/db/database'
import type { SyncStatus, SyncStatusStore } from './status-store'

export const SYNC_CHANNEL = 'kreis-sync'
export const SYNC_STATUS_KEY = 'sync-status'

/** What the leader leaves for the other tabs. */
export interface SharedSyncStatus {
  online: boolean
  lastSyncAt: number | null
  needsSignIn: boolean
}

/** Asks the leader tab (wherever it is) to sync now. */
export function pokeLeader(): void {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(SYNC_CHANNEL)
  channel.postMessage({ type: 'poke' })
  channel.close()
}

/**
 * For the leader: calls `onWork` when any tab queues a write or retries a failed one (the outbox's newest key or
 * its count of queued entries goes up), or pokes. Acknowledgements (entries leaving) do not call it.
 */
export function watchForWork(db: KreisDatabase, onWork: () => void): () => void {
  let last: { top: number; queued: number } | null = null
  const sub = liveQuery(async () => ({
    top: ((await db.outbox.orderBy(':id').lastKey()) as number | undefined) ?? 0,
    queued: await db.outbox.where('state').equals('queued').count(),
  })).subscribe({
    next: (now) => {
      const more = last !== null && (now.top > last.top || now.queued > last.queued)
      last = now
      if (more) onWork()
    },
    error: () => {},
  })
  let channel: BroadcastChannel | null = null
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(SYNC_CHANNEL)
    channel.onmessage = (e: MessageEvent) => {
      if ((e.data as { type?: unknown } | null)?.type === 'poke') onWork()
    }
  }
  return () => {
    sub.unsubscribe()
    channel?.close()
  }
}

const shared = (s: SyncStatus): SharedSyncStatus => ({
  online: s.online,
  lastSyncAt: s.lastSyncAt,
  needsSignIn: s.needsSignIn,
})
const sameShared = (a: SharedSyncStatus, b: SharedSyncStatus) =>
  a.online === b.online && a.lastSyncAt === b.lastSyncAt && a.needsSignIn === b.needsSignIn

/**
 * Keeps `status` of this tab following the database: `refreshCounts` (the engine's) runs on every outbox change in
 * any tab; a follower takes the leader's shared status from the meta row, the leader writes it there.
 */
export function followStatus(
  db: KreisDatabase,
  status: SyncStatusStore,
  refreshCounts: () => Promise<void>,
): () => void {
  const outbox = liveQuery(() => db.outbox.toArray()).subscribe({
    next: () => void refreshCounts().catch(() => {}),
    error: () => {},
  })
  // Until the stored status is read once, this tab writes nothing (it would replace the last sync time with null).
  let loaded = false
  let written: SharedSyncStatus | null = null
  const write = (s: SyncStatus) => {
    if (!loaded || !s.leader) return
    const next = shared(s)
    if (written && sameShared(written, next)) return
    written = next
    void db.meta.put({ key: SYNC_STATUS_KEY, value: next }).catch(() => {})
  }
  const meta = liveQuery(() => db.meta.get(SYNC_STATUS_KEY)).subscribe({
    next: (row) => {
      loaded = true
      const stored = row?.value as SharedSyncStatus | undefined
      const mine = status.getState()
      if (stored && !mine.leader) {
        status.setState({
          online: stored.online && globalThis.navigator?.onLine !== false,
          lastSyncAt: stored.lastSyncAt,
          needsSignIn: stored.needsSignIn,
        })
      } else if (stored && stored.lastSyncAt !== null && (mine.lastSyncAt ?? -Infinity) < stored.lastSyncAt) {
        status.setState({ lastSyncAt: stored.lastSyncAt }) // a new leader keeps the last sync its predecessor made
      }
      write(status.getState())
    },
    error: () => {},
  })
  const unsubscribe = status.subscribe(write)
  return () => {
    outbox.unsubscribe()
    meta.unsubscribe()
    unsubscribe()
  }
}
