/**
 * Draining the outbox (design.md §1 rules 3–4). Each pass sends the ready head of every group, batched by kind
 * in dependency order (photo upload → listing → image rows; conversation → message). An entry leaves the outbox
 * only in the transaction that applies the server's answer to the mirror, so a crash at any point leaves it to be
 * sent again, which the idempotent operations make harmless.
 */
import { cardFields, cardOf } from '@/db/card-fields'
import type { KreisDatabase } from '@/db/database'
import type { ConversationRecord, ListingImageRecord, ListingRecord, MessageRecord, MyProfileRecord } from '@/db/records'
import { replaceImageSets, storeMyProfile } from '@/db/repositories/mirror'
import type { OutboxEntry, OutboxKind } from '@/db/rows'
import { backoffDelayMs } from './backoff'
import type { Clock } from './clock'
import { MAX_TRANSIENT_ATTEMPTS, PUSH_BATCH_SIZE } from './constants'
import { failureMessage } from './failure-messages'
import { NOT_ON_SERVER } from './local-writes'
import { messagesOf, readyHeads, setEntityState, unitOf } from './outbox'
import { FailureReason, type Failure, type Result, type Transport } from './protocol'
import { acknowledgeScreenOp, isScreenOp, SCREEN_KINDS, sendScreenOp } from './screen-ops'

export interface PushDeps {
  db: KreisDatabase
  transport: Transport
  clock: Clock
}

export type DrainOutcome =
  /** Nothing left that may be sent now (entries may still wait for a retry time or the user). */
  | 'drained'
  /** The network is gone (or rate-limited): try again after the engine's backoff. */
  | 'offline'
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

const ORDER: readonly OutboxKind[] = ['photo.upload', 'listing.upsert', 'images.replace', 'conversation.create', 'message.send', 'profile.update', ...SCREEN_KINDS]
/** Kinds whose units of different groups share one request, up to PUSH_BATCH_SIZE entries. */
const BATCHED = new Set<OutboxKind>(['listing.upsert', 'conversation.create', 'message.send'])

/** Consecutive units in batches of at most `size` entries (a unit is never split). */
function batches(units: Unit[], kind: OutboxKind): Unit[][] {
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

  for (;;) {
    const entries = await db.outbox.orderBy(':id').toArray()
    const units = readyHeads(entries, deps.clock.now()).map((h) => unitOf(entries, h, PUSH_BATCH_SIZE))
    if (units.length === 0) return report

    pass: for (const kind of ORDER) {
      for (const batch of batches(units.filter((u) => u[0]!.op.kind === kind), kind)) {
        const failure = await sendBatch(deps, batch, report)
        if (!failure) {
          refreshedSinceSuccess = false
          continue
        }
        if (failure.reason === FailureReason.network || failure.reason === FailureReason.rateLimited) {
          report.outcome = 'offline'
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
    case FailureReason.rateLimited:
    case FailureReason.unauthorized:
      return result
    case FailureReason.server:
      for (const unit of batch) report.failed += await backOff(deps, unit, result)
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
      await markFailed(deps.db, batch[0]!, result)
      report.failed += 1
      return null
  }
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
      return transport.upsertListings(batch.map((u) => (last(u).op as Extract<typeof op, { kind: 'listing.upsert' }>).listing))
    case 'images.replace': {
      const final = last(batch[0]!).op as typeof op
      return transport.replaceListingImages(final.listing_id, final.images)
    }
    case 'conversation.create':
      return transport.createConversations(batch.map((u) => (u[0]!.op as typeof op).conversation))
    case 'message.send':
      return transport.insertMessages(batch.flat().map((e) => (e.op as typeof op).message))
    case 'profile.update':
      return transport.updateProfile((last(batch[0]!).op as typeof op).profile)
  }
}

const seqs = (units: Unit[]) => units.flat().map((e) => e.seq!)

async function remainingInGroup(db: KreisDatabase, group: OutboxEntry['group']): Promise<OutboxEntry[]> {
  return db.outbox.where('group').equals(group).sortBy('seq')
}

/** Applies the server's answer and removes the acknowledged entries, in one transaction. */
async function acknowledge(db: KreisDatabase, batch: Unit[], value: unknown): Promise<void> {
  const op = batch[0]![0]!.op
  if (isScreenOp(op)) return acknowledgeScreenOp(db, batch[0]!, value)
  const tables = [db.outbox, db.listings, db.listing_images, db.photo_blobs, db.conversations, db.messages, db.my_profile, db.profiles]
  await db.transaction('rw', tables, async () => {
    await db.outbox.bulkDelete(seqs(batch))
    switch (op.kind) {
      case 'photo.upload':
        await db.photo_blobs.update(op.photo_id, { uploaded: true })
        return
      case 'listing.upsert': {
        for (const row of value as ListingRecord[]) {
          const rest = await remainingInGroup(db, `listing:${row.id}`)
          if (rest.some((e) => e.op.kind === 'listing.upsert')) continue // a newer local edit is still to be sent
          const local = await db.listings.get(row.id)
          await db.listings.put({ ...row, ...(local ? cardOf(local) : cardFields(null, undefined)), sync_state: rest.length ? 'pending' : 'synced' })
          if (!rest.length) await db.photo_blobs.where('listing_id').equals(row.id).delete()
        }
        return
      }
      case 'images.replace': {
        const rest = await remainingInGroup(db, `listing:${op.listing_id}`)
        if (!rest.some((e) => e.op.kind === 'images.replace')) {
          await replaceImageSets(db, [op.listing_id], value as ListingImageRecord[])
        }
        if (!rest.length) {
          await db.photo_blobs.where('listing_id').equals(op.listing_id).delete()
          await db.listings.where('id').equals(op.listing_id).modify({ sync_state: 'synced', sync_error: undefined })
        }
        return
      }
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
}

function maxIso(a: string | null, b: string | null): string | null {
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

async function backOff(deps: PushDeps, unit: Unit, f: Failure): Promise<number> {
  const head = unit[0]!
  const attempts = head.attempts + 1
  if (attempts >= MAX_TRANSIENT_ATTEMPTS) {
    await markFailed(deps.db, unit, f)
    return 1
  }
  await deps.db.outbox.update(head.seq!, { attempts, not_before: deps.clock.now() + backoffDelayMs(attempts, () => deps.clock.random()) })
  return 0
}

async function markFailed(db: KreisDatabase, unit: Unit, f: Failure): Promise<void> {
  const head = unit[0]!
  await db.transaction('rw', [db.outbox, db.listings, db.conversations, db.messages, db.my_profile], async () => {
    const listing = head.group.startsWith('listing:') ? await db.listings.get(head.group.slice('listing:'.length)) : undefined
    const message = failureMessage(last(unit).op, f, listing?.updated_at === NOT_ON_SERVER)
    await db.outbox.update(head.seq!, { state: 'failed', error: message })
    await setEntityState(db, head.group, 'failed', message)
  })
}
