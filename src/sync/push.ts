/**
 * Draining the outbox (design.md §1 rules 3–4). Each pass sends the ready head of every group, batched by kind
 * in dependency order (photo upload → listing with its photo set, one save; conversation → message). An entry leaves the outbox
 * only in the transaction that applies the server's answer to the mirror, so a crash at any point leaves it to be
 * sent again, which the idempotent operations make harmless.
 */
import { cardFields, cardOf } from '@/db/card-fields'
import type { KreisDatabase } from '@/db/database'
import type { ConversationRecord, MessageRecord, MyProfileRecord } from '@/db/records'
import { replaceImageSets, storeMyProfile } from '@/db/repositories/mirror'
import type { OutboxEntry, OutboxKind } from '@/db/rows'
import { backoffDelayMs } from './backoff'
import type { Clock } from './clock'
import { PUSH_BATCH_SIZE } from './constants'
import { failureMessage } from './failure-messages'
import { NOT_ON_SERVER } from './local-writes'
import { messagesOf, readyHeads, sendKind, setEntityState, unitOf } from './outbox'
import { FailureReason, isTransient, type Failure, type ListingSave, type ListingSaved, type Result, type Transport } from './protocol'
import { acknowledgeScreenOp, isScreenOp, SCREEN_KINDS, sendScreenOp } from './screen-ops'
import { traceHop } from './trace'

export interface PushDeps {
  db: KreisDatabase
  transport: Transport
  clock: Clock
}

export type DrainOutcome =
  /** Nothing left that may be sent now (entries may still wait for a retry time or the user). */
  | 'drained'
  /** The network is gone: try again after the engine's backoff. */
  | 'offline'
  /** 429: the server asked for fewer requests; the entries wait until their retry time (Retry-After honoured). */
  | 'throttled'
  /** The session could not be refreshed: writes wait for a valid sign-in. */
  | 'unauthorized'

export interface DrainReport {
  outcome: DrainOutcome
  /** Outbox entries acknowledged by the server. */
  acknowledged: number
  /** Entries newly marked failed. */
  failed: number
}

/** One unit of sending: a head entry with the entries that travel with it (outbox.ts `unitOf`). */
type Unit = OutboxEntry[]

/** By send kind (outbox.ts `sendKind`): a listing's field and photo-set edits go together as one listing save. */
const ORDER: readonly OutboxKind[] = ['photo.upload', 'listing.upsert', 'conversation.create', 'message.send', 'profile.update', ...SCREEN_KINDS]
/** Kinds whose units of different groups share one request, up to PUSH_BATCH_SIZE entries. */
const BATCHED = new Set<OutboxKind>(['listing.upsert', 'conversation.create', 'message.send'])

/** Consecutive units in batches of at most `size` entries (a unit is never split). Exported for its table test. */
export function batches(units: Unit[], kind: OutboxKind): Unit[][] {
  if (!BATCHED.has(kind)) return units.map((u) => [u])
  const out: Unit[][] = []
  let current: Unit[] = []
  let entries = 0
  for (const unit of units) {
    if (current.length && entries + unit.length > PUSH_BATCH_SIZE) {
      out.push(current)
      current = []
      entries = 0
    }
    current.push(unit)
    entries += unit.length
  }
  if (current.length) out.push(current)
  return out
}

export async function drainOutbox(deps: PushDeps): Promise<DrainReport> {
  const { db, transport } = deps
  const report: DrainReport = { outcome: 'drained', acknowledged: 0, failed: 0 }
  let refreshedSinceSuccess = false
  // Entries already failed when the drain began (the ones this drain refuses were just looked up).
  let failedBefore: Set<number> | null = null

  for (;;) {
    const entries = await db.outbox.orderBy(':id').toArray()
    failedBefore ??= new Set(entries.filter((e) => e.state === 'failed').map((e) => e.seq!))
    const units = readyHeads(entries, deps.clock.now()).map((h) => unitOf(entries, h, PUSH_BATCH_SIZE))
    if (units.length === 0) {
      const settled = await settleFailedOnServer(deps, entries.filter((e) => failedBefore!.has(e.seq!)), report)
      if (settled === 0) return report
      failedBefore.clear() // what the settled entries held back (a conversation's messages) goes now
      continue
    }

    pass: for (const kind of ORDER) {
      for (const batch of batches(units.filter((u) => sendKind(u[0]!.op.kind) === kind), kind)) {
        const failure = await sendBatch(deps, batch, report)
        if (!failure) {
          refreshedSinceSuccess = false
          continue
        }
        if (failure.reason === FailureReason.network) {
          report.outcome = 'offline'
          return report
        }
        if (failure.reason === FailureReason.rateLimited) {
          report.outcome = 'throttled'
          return report
        }
        if (failure.reason === FailureReason.unauthorized) {
          if (refreshedSinceSuccess) {
            report.outcome = 'unauthorized'
            return report
          }
          const refreshed = await transport.refreshSession()
          if (!refreshed.ok) {
            report.outcome = refreshed.reason === FailureReason.network ? 'offline' : 'unauthorized'
            return report
          }
          refreshedSinceSuccess = true
          break pass // re-read the outbox and send again with the new token
        }
      }
    }
  }
}

/**
 * Sends one batch and settles it. Returns the failure that should change the drain's course (network, 429, 401),
 * or null when the batch was settled (acknowledged, backed off or marked failed).
 */
async function sendBatch(deps: PushDeps, batch: Unit[], report: DrainReport): Promise<Failure | null> {
  const result = await send(deps.transport, deps.db, batch)
  if (result.ok) {
    await acknowledge(deps.db, batch, result.value)
    report.acknowledged += batch.reduce((n, u) => n + u.length, 0)
    return null
  }
  switch (result.reason) {
    case FailureReason.network:
      await noteTransientFailure(deps, batch)
      return result
    case FailureReason.unauthorized:
      return result
    case FailureReason.rateLimited:
      for (const unit of batch) await backOff(deps, unit, result)
      return result
    case FailureReason.server:
      for (const unit of batch) await backOff(deps, unit, result)
      return null
    default:
      if (batch.length > 1 || (batch[0]![0]!.op.kind === 'message.send' && batch[0]!.length > 1)) {
        // One row of the batch was refused: find it by sending the rows one at a time. Messages split into single
        // entries; the refused one stops its conversation (later messages wait behind it, in order).
        const singles = batch.flatMap((u) => (u[0]!.op.kind === 'message.send' ? u.map((e) => [e]) : [u]))
        const stopped = new Set<string>()
        for (const unit of singles) {
          if (stopped.has(unit[0]!.group)) continue
          const before = report.acknowledged
          const f = await sendBatch(deps, [unit], report)
          if (f) return f
          if (report.acknowledged === before) stopped.add(unit[0]!.group)
        }
        return null
      }
      return refused(deps, batch[0]!, result, report)
  }
}

/** A unit the server refused for good: failed, unless the server turns out to have it already. */
async function refused(deps: PushDeps, unit: Unit, result: Failure, report: DrainReport): Promise<Failure | null> {
  const found = await alreadyOnServer(deps, unit, report)
  if (found === true) return null
  // The check itself met the network or the server: no verdict yet, the unit is tried again later.
  if (found !== false) return found.reason === FailureReason.server ? (await backOff(deps, unit, found), null) : found
  await markFailed(deps.db, unit, result)
  report.failed += 1
  return null
}

/**
 * A refused message or conversation may already be on the server: its first request committed, the answer was
 * lost, and the retry was refused (RLS comes before ON CONFLICT; the listing was sold meanwhile). Then it is a
 * success, not a failure: the server's rows are acknowledged. Returns whether that was the case.
 */
async function alreadyOnServer(deps: PushDeps, unit: Unit, report: DrainReport): Promise<boolean | Failure> {
  const op = unit[0]!.op
  let found: Result<unknown[]>
  let expected: number
  if (op.kind === 'message.send') {
    found = await deps.transport.findMessages(unit.map((e) => (e.op as typeof op).message.id))
    expected = unit.length
  } else if (op.kind === 'conversation.create') {
    found = await deps.transport.findConversations([op.conversation])
    expected = 1
  } else return false
  if (!found.ok) return isTransient(found) || found.reason === FailureReason.unauthorized ? found : false
  if (found.value.length !== expected) return false
  await acknowledge(deps.db, [unit], found.value)
  report.acknowledged += unit.length
  return true
}

/**
 * A message or conversation marked failed may be on the server after all: a request the device gave up on (a
 * timeout) can still be processed later, after its retry was refused (the listing was sold meanwhile). When a drain
 * has nothing left to send, the messages and conversations that were failed before it are looked up (one request per
 * kind); those the
 * server has are acknowledged, so the user is never asked to retry or discard a write that arrived. A lookup that
 * fails leaves them for the next drain.
 */
async function settleFailedOnServer(deps: PushDeps, entries: OutboxEntry[], report: DrainReport): Promise<number> {
  const failed = entries.filter((e) => e.state === 'failed')
  if (!failed.length) return 0
  const before = report.acknowledged
  const conversations = failed.filter((e) => e.op.kind === 'conversation.create')
  if (conversations.length) {
    const writes = conversations.map((e) => (e.op as Extract<OutboxEntry['op'], { kind: 'conversation.create' }>).conversation)
    const found = await deps.transport.findConversations(writes)
    if (!found.ok) return report.acknowledged - before
    const key = (c: { listing_id: string; buyer_id: string }) => `${c.listing_id} ${c.buyer_id}`
    const byKey = new Map(found.value.map((c) => [key(c), c]))
    for (const [i, e] of conversations.entries()) {
      const server = byKey.get(key(writes[i]!))
      if (!server) continue
      await acknowledge(deps.db, [[e]], [server])
      report.acknowledged += 1
    }
  }
  const messages = failed.filter((e) => e.op.kind === 'message.send')
  if (!messages.length) return report.acknowledged - before
  const found = await deps.transport.findMessages(messages.map((e) => (e.op as Extract<OutboxEntry['op'], { kind: 'message.send' }>).message.id))
  if (!found.ok) return report.acknowledged - before
  const byId = new Map(found.value.map((m) => [m.id, m]))
  for (const e of messages) {
    const server = byId.get((e.op as Extract<OutboxEntry['op'], { kind: 'message.send' }>).message.id)
    if (!server) continue
    await acknowledge(deps.db, [[e]], [server])
    report.acknowledged += 1
  }
  return report.acknowledged - before
}

function last<T>(xs: readonly T[]): T {
  return xs[xs.length - 1]!
}

async function send(transport: Transport, db: KreisDatabase, batch: Unit[]): Promise<Result<unknown>> {
  const op = batch[0]![0]!.op
  if (isScreenOp(op)) return sendScreenOp(transport, db, batch[0]!)
  switch (op.kind) {
    case 'photo.upload': {
      const blob = await db.photo_blobs.get(op.photo_id)
      // The photo was dropped from the listing (and its blob cleaned up) before it was sent: nothing to upload.
      if (!blob) return { ok: true, value: undefined }
      return transport.uploadPhoto(op.path, blob.blob, op.content_type)
    }
    case 'listing.upsert':
    case 'images.replace':
      return transport.saveListings(batch.map(listingSaveOf))
    case 'conversation.create':
      return transport.createConversations(batch.map((u) => (u[0]!.op as typeof op).conversation))
    case 'message.send': {
      const messages = batch.flat().map((e) => (e.op as typeof op).message)
      const ids = messages.map((m) => m.id)
      traceHop('push-request', ids)
      const r = await transport.insertMessages(messages)
      traceHop('push-response', ids)
      return r
    }
    case 'profile.update':
      return transport.updateProfile((last(batch[0]!).op as typeof op).profile)
  }
}

/**
 * One listing's unit (its consecutive field and photo-set edits) as one save: the last full state of each. A
 * photo-set edit's time is its own (entries queued before it was recorded: their queue time, the same instant).
 */
export function listingSaveOf(unit: Unit): ListingSave {
  const save: ListingSave = { listing_id: unit[0]!.group.slice('listing:'.length), listing: null, images: null, images_edited_at: null }
  for (const e of unit) {
    if (e.op.kind === 'listing.upsert') save.listing = e.op.listing
    else if (e.op.kind === 'images.replace') {
      save.images = e.op.images
      save.images_edited_at = e.op.edited_at ?? new Date(e.queued_at).toISOString()
    }
  }
  return save
}

const seqs = (units: Unit[]) => units.flat().map((e) => e.seq!)

async function remainingInGroup(db: KreisDatabase, group: OutboxEntry['group']): Promise<OutboxEntry[]> {
  return db.outbox.where('group').equals(group).sortBy('seq')
}

/** Applies the server's answer and removes the acknowledged entries, in one transaction. */
async function acknowledge(db: KreisDatabase, batch: Unit[], value: unknown): Promise<void> {
  const op = batch[0]![0]!.op
  if (isScreenOp(op)) return acknowledgeScreenOp(db, batch[0]!, value)
  // A message's acknowledgement locks only what it writes (outbox, messages): the thread's and inbox's reads of
  // conversations, listings and profiles do not wait behind it.
  const tables =
    op.kind === 'message.send'
      ? [db.outbox, db.messages]
      : [db.outbox, db.listings, db.listing_images, db.photo_blobs, db.conversations, db.messages, db.my_profile, db.profiles]
  await db.transaction('rw', tables, async () => {
    await db.outbox.bulkDelete(seqs(batch))
    switch (op.kind) {
      case 'photo.upload':
        await db.photo_blobs.update(op.photo_id, { uploaded: true })
        return
      case 'listing.upsert':
      case 'images.replace':
        for (const saved of value as ListingSaved[]) await acknowledgeListing(db, saved)
        return
      case 'conversation.create': {
        const servers = value as ConversationRecord[]
        for (const [i, unit] of batch.entries()) {
          const server = servers[i]!
          const localId = (unit[0]!.op as typeof op).conversation.id
          if (server.id !== localId) await adoptConversationId(db, localId, server.id)
          const local = await db.conversations.get(server.id)
          await db.conversations.put({ ...server, last_message_at: maxIso(server.last_message_at, local?.last_message_at ?? null), sync_state: 'synced' })
        }
        return
      }
      case 'message.send':
        await db.messages.bulkPut((value as MessageRecord[]).map((m) => ({ ...m, sync_state: 'synced' as const })))
        return
      case 'profile.update': {
        const rest = await remainingInGroup(db, `profile:${op.profile.id}`)
        if (rest.length) return
        await storeMyProfile(db, value as MyProfileRecord)
        return
      }
    }
  })
  if (op.kind === 'message.send') traceHop('acknowledged', (value as MessageRecord[]).map((m) => m.id))
}

/**
 * The server's answer to a listing save is the winner (the device's edit, or a later one from elsewhere): the
 * mirror shows it, row and photo set, unless this device has a newer edit of the listing still to send (call
 * inside the acknowledging transaction).
 */
async function acknowledgeListing(db: KreisDatabase, saved: ListingSaved): Promise<void> {
  if (saved.listing === null) return dropDeletedListing(db, saved.listing_id)
  const { listing, images } = saved
  const rest = await remainingInGroup(db, `listing:${listing.id}`)
  if (rest.length) return // a newer local write of this listing is still to be sent; its answer settles the row
  const local = await db.listings.get(listing.id)
  await db.listings.put({ ...listing, ...(local ? cardOf(local) : cardFields(null, undefined)), sync_state: 'synced', sync_error: undefined })
  await replaceImageSets(db, [listing.id], images)
  await db.photo_blobs.where('listing_id').equals(listing.id).delete()
}

/**
 * The listing was deleted (on another device of the seller) and deletion is final: the server skipped the save, so
 * the device shows the winner — no listing — and drops its row, photos and queued edits (the reconcile drops the conversations
 * that went with it on the server; call inside the acknowledging transaction).
 */
async function dropDeletedListing(db: KreisDatabase, listingId: string): Promise<void> {
  await db.outbox.where('group').equals(`listing:${listingId}`).delete()
  await db.listings.delete(listingId)
  await db.listing_images.where('listing_id').equals(listingId).delete()
  await db.photo_blobs.where('listing_id').equals(listingId).delete()
}

/** The later of two ISO times (null: unknown). Exported for its table test. */
export function maxIso(a: string | null, b: string | null): string | null {
  if (a === null) return b
  if (b === null) return a
  return a > b ? a : b
}

/**
 * Another device created the conversation for this listing and buyer first: move the local conversation and its
 * unsent messages to the server's id.
 */
async function adoptConversationId(db: KreisDatabase, localId: string, serverId: string): Promise<void> {
  await db.conversations.delete(localId)
  await messagesOf(db, localId).modify({ conversation_id: serverId })
  await db.outbox.where('group').equals(`conversation:${localId}`).modify((e) => {
    e.group = `conversation:${serverId}`
    if (e.op.kind === 'message.send') e.op = { ...e.op, message: { ...e.op.message, conversation_id: serverId } }
  })
}

/**
 * A 5xx or 429: the unit waits (exponential backoff with jitter, at least the server's Retry-After) and is tried
 * again for as long as it takes; transient answers never mark an entry failed (only refusals do). The first such
 * failure is remembered for "still trying since …".
 */
async function backOff(deps: PushDeps, unit: Unit, f: Failure): Promise<void> {
  const head = unit[0]!
  const now = deps.clock.now()
  const attempts = head.attempts + 1
  const delay = Math.max(f.retryAfterMs ?? 0, backoffDelayMs(attempts, () => deps.clock.random()))
  await deps.db.outbox.update(head.seq!, { attempts, not_before: now + delay, first_failed_at: head.first_failed_at ?? now })
}

/** No answer: nothing counts against the entries, but they are now "still trying" (once per failure spell). */
async function noteTransientFailure(deps: PushDeps, batch: Unit[]): Promise<void> {
  const heads = batch.map((u) => u[0]!).filter((e) => e.first_failed_at === undefined)
  if (!heads.length) return
  const now = deps.clock.now()
  await deps.db.outbox.bulkUpdate(heads.map((e) => ({ key: e.seq!, changes: { first_failed_at: now } })))
}

async function markFailed(db: KreisDatabase, unit: Unit, f: Failure): Promise<void> {
  const head = unit[0]!
  await db.transaction('rw', [db.outbox, db.listings, db.conversations, db.messages, db.my_profile], async () => {
    const listing = head.group.startsWith('listing:') ? await db.listings.get(head.group.slice('listing:'.length)) : undefined
    // A listing save is worded by its field edit when it has one (a CHECK names the rejected value).
    const op = [...unit].reverse().find((e) => e.op.kind === 'listing.upsert')?.op ?? last(unit).op
    const message = failureMessage(op, f, listing?.updated_at === NOT_ON_SERVER)
    await db.outbox.update(head.seq!, { state: 'failed', error: message })
    await setEntityState(db, head.group, 'failed', message)
  })
}
