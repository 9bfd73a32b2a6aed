/**
 * Reading and settling the outbox: which entries are ready to send, what the user sees pending or failed, and
 * the user's retry / discard of a failed entity.
 */
import { countChanges, photoProgress } from '@/domain/pending-changes'
import type { KreisDatabase } from '@/db/database'
import { messagesOf } from '@/db/repositories/mirror'
import type { OutboxEntry, OutboxGroup } from '@/db/rows'
import type { StoredSyncFailure } from '@/domain/errors'
import { retryDueAt } from './backoff'
import { kindOf } from './kinds'
import { NOT_ON_SERVER } from './kinds/enqueue'
import { profilePictureOwner } from './kinds/profile-picture'

/**
 * The entries that may be sent now: the first entry of each group (a group is sent strictly in order), unless it
 * failed (the group waits for the user) or is backing off (a wait left from before the clock went back is over).
 */
export function readyHeads(entries: readonly OutboxEntry[], now: number): OutboxEntry[] {
  const seen = new Set<OutboxGroup>()
  const heads: OutboxEntry[] = []
  for (const e of entries) {
    if (seen.has(e.group)) continue
    seen.add(e.group)
    if (e.state === 'queued' && retryDueAt(e.not_before, now) <= now) heads.push(e)
  }
  return heads
}

/**
 * The head entry plus the entries right behind it in the same group that travel with it, by its kind's unit rule
 * (kinds/kind.ts): consecutive full-state edits of one listing (fields and photo set), one profile or one screen
 * operation collapse into the last one of each, and consecutive messages of one conversation (at most
 * `maxMessages`) go in one insert, in the order they were written.
 */
export function unitOf(entries: readonly OutboxEntry[], head: OutboxEntry, maxMessages: number): OutboxEntry[] {
  const kind = kindOf(head.op.kind)
  if (kind.unit === 'alone') return [head]
  const limit = kind.unit === 'in-order' ? maxMessages : Infinity
  const run: OutboxEntry[] = []
  for (const e of entries) {
    if (e.group !== head.group || e.seq! < head.seq!) continue
    if (kindOf(e.op.kind) !== kind || e.state !== 'queued' || run.length === limit) break
    run.push(e)
  }
  return run
}

export interface PendingSummary {
  /** Changes the person made that are not on the server yet (domain countChanges), refused ones not included. */
  pending: number
  /** Photos of the unsent listings, uploaded of all, or null when none has photos. */
  photos: { uploaded: number; total: number } | null
  failed: number
  /** Device time (ms) of the oldest unsent entry, or null. */
  oldestQueuedAt: number | null
  /**
   * Device time (ms) since which the server has not taken a queued write (network errors, 5xx, 429): the UI shows
   * "still trying since …". Null when every queued write is merely waiting its turn.
   */
  retryingSince: number | null
  /** Unsent writes of other accounts that used this device, waiting for their owner to sign in again. */
  waitingForOtherAccounts: number
  /** What the server refused, per failed entry: a reason code (render with failure-messages.ts `renderSyncFailure`). */
  failures: { group: OutboxGroup; message: StoredSyncFailure }[]
}

export async function pendingSummary(db: KreisDatabase): Promise<PendingSummary> {
  const all = await db.outbox.toArray()
  const failed = all.filter((e) => e.state === 'failed')
  const waiting = all.filter((e) => e.state !== 'failed')
  const listings = [
    ...new Set(waiting.filter((e) => e.group.startsWith('listing:')).map((e) => e.group.slice('listing:'.length))),
  ]
  const photos = listings.length ? await db.photo_blobs.where('listing_id').anyOf(listings).toArray() : []
  return {
    pending: countChanges(waiting.map((e) => ({ group: e.group, kind: e.op.kind }))),
    photos: photoProgress(photos),
    failed: failed.length,
    oldestQueuedAt: all.length ? Math.min(...all.map((e) => e.queued_at)) : null,
    retryingSince: minOf(all.filter((e) => e.state === 'queued').map((e) => e.first_failed_at)),
    waitingForOtherAccounts: await writesWaitingForOtherAccounts(db),
    failures: failed.map((e) => ({ group: e.group, message: e.error ?? '' })),
  }
}

function minOf(xs: readonly (number | undefined)[]): number | null {
  const defined = xs.filter((x): x is number => x !== undefined)
  return defined.length ? Math.min(...defined) : null
}

/** meta key prefix of an account's writes kept aside while another account uses the device (signed-in-user.ts). */
export const PARKED_PREFIX = 'parked:'

/**
 * Writes other accounts left unsent on this device (they wait for their owner to sign in again, signed-in-user.ts
 * `adoptOwner`): the UI says "N changes wait for another account". Counted, never shown or sent.
 */
export async function writesWaitingForOtherAccounts(db: KreisDatabase): Promise<number> {
  const parked = await db.meta.where('key').startsWith(PARKED_PREFIX).toArray()
  return parked.reduce((n, m) => n + ((m.value as { outbox?: unknown[] }).outbox?.length ?? 0), 0)
}

/** Changes not yet on the server, counted as the person made them (asked before signing out). */
export async function unsentCount(db: KreisDatabase): Promise<number> {
  return countChanges((await db.outbox.toArray()).map((e) => ({ group: e.group, kind: e.op.kind })))
}

/** The user asks to send a failed entity again. */
export async function retryFailed(db: KreisDatabase, group: OutboxGroup): Promise<void> {
  await db.transaction('rw', [db.outbox, db.listings, db.conversations, db.messages, db.my_profile], async () => {
    await db.outbox
      .where('group')
      .equals(group)
      .modify((e) => {
        e.state = 'queued'
        e.attempts = 0
        e.not_before = 0
        delete e.first_failed_at
        delete e.error
      })
    await setEntityState(db, group, 'pending')
  })
}

/**
 * The user gives up a failed entity: its queued writes are dropped and the mirror goes back to the server's
 * version. Returns what must be refetched from the server (null when nothing).
 */
export interface DiscardTodo {
  refetchListing?: string
  refetchProfile?: boolean
  /** Files this device uploaded for the discarded writes (their rows never landed): sweep.ts removes the unused ones. */
  uploaded?: string[]
}

export async function discardFailed(db: KreisDatabase, group: OutboxGroup): Promise<DiscardTodo> {
  const [kind, id] = group.split(':') as [
    'listing' | 'conversation' | 'profile' | 'favourite' | 'read' | 'push',
    string,
  ]
  return db.transaction(
    'rw',
    [db.outbox, db.listings, db.listing_images, db.photo_blobs, db.conversations, db.messages, db.my_profile],
    async () => {
      await db.outbox.where('group').equals(group).delete()
      // The next pull puts the account's favourites back as the server has them; a read mark is only a mark; a push
      // subscription has no row on the device.
      if (kind === 'favourite' || kind === 'read' || kind === 'push') return {}
      if (kind === 'listing') {
        const row = await db.listings.get(id)
        const uploaded = (
          await db.photo_blobs
            .where('listing_id')
            .equals(id)
            .filter((b) => b.uploaded)
            .toArray()
        ).map((b) => b.path)
        await db.photo_blobs.where('listing_id').equals(id).delete()
        await db.listings.delete(id)
        await db.listing_images.where('listing_id').equals(id).delete()
        return {
          ...(row && row.updated_at !== NOT_ON_SERVER ? { refetchListing: id } : {}),
          ...(uploaded.length ? { uploaded } : {}),
        }
      }
      if (kind === 'conversation') {
        const unsent = await messagesOf(db, id)
          .filter((m) => m.sync_state !== 'synced')
          .primaryKeys()
        await db.messages.bulkDelete(unsent)
        const conv = await db.conversations.get(id)
        if (conv && conv.updated_at === NOT_ON_SERVER) await db.conversations.delete(id)
        return {}
      }
      // Dropped so that the refetch puts the server's version back whatever its updated_at.
      // A fresh collection each time: filter() narrows the collection it is called on.
      const pictures = () => db.photo_blobs.where('listing_id').equals(profilePictureOwner(id))
      const uploaded = (
        await pictures()
          .filter((b) => b.uploaded)
          .toArray()
      ).map((b) => b.path)
      await pictures().delete() // an unsent picture goes too
      await db.my_profile.delete(id)
      return { refetchProfile: true, ...(uploaded.length ? { uploaded } : {}) }
    },
  )
}

/** Sets the sync state of the rows an outbox group writes (call inside a transaction over those tables). */
export async function setEntityState(
  db: KreisDatabase,
  group: OutboxGroup,
  state: 'pending' | 'failed' | 'synced',
  error?: StoredSyncFailure,
): Promise<void> {
  const [kind, id] = group.split(':') as [
    'listing' | 'conversation' | 'profile' | 'favourite' | 'read' | 'push',
    string,
  ]
  const patch = { sync_state: state, sync_error: error }
  // Favourites, read marks and push subscriptions carry no sync state (the outbox entry shows it).
  if (kind === 'favourite' || kind === 'read' || kind === 'push') return
  if (kind === 'listing') await db.listings.update(id, patch)
  else if (kind === 'profile') await db.my_profile.update(id, patch)
  else {
    if ((await db.conversations.get(id))?.sync_state !== 'synced') await db.conversations.update(id, patch)
    await messagesOf(db, id)
      .filter((m) => m.sync_state !== 'synced')
      .modify(patch)
  }
}
