/**
 * What every kind's local write shares (docs/architecture.md §1 rule 2): a write is one Dexie rw transaction that
 * changes the mirror rows (marked pending) and appends the outbox entries that carry the change to the server. Ids
 * are client UUIDs and photo paths are deterministic, so every entry can be sent again without effect (W1, W2).
 */
import type { KreisDatabase } from '@/db/database'
import type { OutboxEntry, OutboxGroup, OutboxOp } from '@/db/rows'
import type { StoredSyncFailure } from '@/domain/errors'

export const newId = (): string => crypto.randomUUID()
export const iso = (ms: number): string => new Date(ms).toISOString()

/** A listing row never acknowledged by the server has no server timestamp yet. */
export const NOT_ON_SERVER = ''

/** A new outbox entry of `group`, queued at `now`. */
export function entry(group: OutboxGroup, op: OutboxOp, now: number): OutboxEntry {
  return { group, op, queued_at: now, state: 'queued', attempts: 0, not_before: 0 }
}

/**
 * The error of a refused entry the group is waiting behind, if any: a new write to that entity queues behind it
 * and shows the same failure until the user retries or discards it (then it goes or stays with the rest).
 */
async function blockedBy(db: KreisDatabase, group: OutboxGroup): Promise<StoredSyncFailure | undefined> {
  return (
    await db.outbox
      .where('group')
      .equals(group)
      .filter((e) => e.state === 'failed')
      .first()
  )?.error
}

/** A row's sync fields for a new local write to `group`. */
export async function writeState(
  db: KreisDatabase,
  group: OutboxGroup,
): Promise<{ sync_state: 'pending' | 'failed'; sync_error?: StoredSyncFailure }> {
  const error = await blockedBy(db, group)
  return error === undefined ? { sync_state: 'pending' } : { sync_state: 'failed', sync_error: error }
}
