/**
 * Draining the outbox (docs/architecture.md §1 rules 3–4). Each pass sends the ready head of every group, batched by kind in
 * the order of kinds/index.ts (photo upload → listing with its photo set, one save; conversation → message). What
 * a kind sends, how its answer settles the mirror and what its refusal stores live in its module (kinds/); this
 * file holds what all kinds share: batching, the drain's course on network errors, 429, 401 and 5xx, the search
 * for a refused row, and the outbox bookkeeping. An entry leaves the outbox only in the transaction that applies
 * the server's answer to the mirror, so a crash at any point leaves it to be sent again, which the idempotent
 * operations make harmless.
 */
import type { KreisDatabase } from '@/db/database'
import type { OutboxEntry } from '@/db/rows'
import { retryWaitMs } from './backoff'
import type { Clock } from './clock'
import { PUSH_BATCH_SIZE } from './constants'
import { kindOf, OUTBOX_KINDS, type OutboxKindModule, type Unit } from './kinds'
import { readyHeads, setEntityState, unitOf } from './outbox'
import { FailureReason, isTransient, type Failure, type Result, type Transport } from './protocol'

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

/**
 * Consecutive units in requests of at most PUSH_BATCH_SIZE entries when the kind batches (a unit is never split),
 * else one unit per request. Exported for its table test.
 */
export function batches(units: Unit[], batched: boolean): Unit[][] {
  if (!batched) return units.map((u) => [u])
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
    const entries = await db.outbox.toArray() // in seq order
    failedBefore ??= new Set(entries.filter((e) => e.state === 'failed').map((e) => e.seq!))
    const units = readyHeads(entries, deps.clock.now()).map((h) => unitOf(entries, h, PUSH_BATCH_SIZE))
    if (units.length === 0) {
      const settled = await settleFailedOnServer(
        deps,
        entries.filter((e) => failedBefore!.has(e.seq!)),
        report,
      )
      if (settled === 0) return report
      failedBefore.clear() // what the settled entries held back (a conversation's messages) goes now
      continue
    }

    pass: for (const kind of OUTBOX_KINDS) {
      for (const batch of batches(
        units.filter((u) => kindOf(u[0]!.op.kind) === kind),
        kind.batched,
      )) {
        // The outbox changed under this pass (an account switch put its entries aside, docs/decisions.md#D-drain-owner):
        // what it read is no longer to be sent with this session's token; read it again.
        if (!(await stillQueued(db, batch))) break pass
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

/** Whether every entry of the batch is still in the outbox, as the pass read it. */
async function stillQueued(db: KreisDatabase, batch: Unit[]): Promise<boolean> {
  const seqs = batch.flatMap((u) => u.map((e) => e.seq!))
  return (await db.outbox.bulkGet(seqs)).every((e) => e !== undefined)
}

/**
 * Sends one batch and settles it. Returns the failure that should change the drain's course (network, 429, 401),
 * or null when the batch was settled (acknowledged, backed off or marked failed).
 */
async function sendBatch(deps: PushDeps, batch: Unit[], report: DrainReport): Promise<Failure | null> {
  const kind = kindOf(batch[0]![0]!.op.kind)
  const result = await kind.send(deps, batch)
  if (result.ok) {
    await acknowledge(deps.db, kind, batch, result.value)
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
    default: {
      // One row of the batch was refused: find it by sending the rows one at a time (a kind may split its units, as
      // messages do into single entries); the refused one stops its group (later entries wait behind it, in order).
      const singles = batch.flatMap((u) => kind.split?.(u) ?? [u])
      if (singles.length > 1) {
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
      return refused(deps, kind, batch[0]!, result, report)
    }
  }
}

/** A unit the server refused for good: failed, unless the server turns out to have it already. */
async function refused(
  deps: PushDeps,
  kind: OutboxKindModule,
  unit: Unit,
  result: Failure,
  report: DrainReport,
): Promise<Failure | null> {
  const found = await alreadyOnServer(deps, kind, unit, report)
  if (found === true) return null
  // The check itself met the network or the server: no verdict yet, the unit is tried again later.
  if (found !== false) return found.reason === FailureReason.server ? (await backOff(deps, unit, found), null) : found
  await markFailed(deps.db, kind, unit, result)
  report.failed += 1
  return null
}

/**
 * A refused message or conversation may already be on the server: its first request committed, the answer was
 * lost, and the retry was refused (RLS comes before ON CONFLICT; the listing was sold meanwhile). Then it is a
 * success, not a failure: the server's rows are acknowledged. Returns whether that was the case.
 */
async function alreadyOnServer(
  deps: PushDeps,
  kind: OutboxKindModule,
  unit: Unit,
  report: DrainReport,
): Promise<boolean | Failure> {
  if (!kind.findOnServer) return false
  const found = await kind.findOnServer(deps.transport, unit)
  if (!found.ok) return isTransient(found) || found.reason === FailureReason.unauthorized ? found : false
  if (!found.value.every((row) => row !== undefined)) return false
  await acknowledge(deps.db, kind, [unit], found.value)
  report.acknowledged += unit.length
  return true
}

/**
 * A message or conversation marked failed may be on the server after all: a request the device gave up on (a
 * timeout) can still be processed later, after its retry was refused (the listing was sold meanwhile). When a drain
 * has nothing left to send, the entries that were failed before it are looked up (one request per kind that can
 * look up); those the server has are acknowledged, so the user is never asked to retry or discard a write that
 * arrived. A lookup that fails leaves them (and the kinds after it) for the next drain.
 */
async function settleFailedOnServer(deps: PushDeps, entries: OutboxEntry[], report: DrainReport): Promise<number> {
  const failed = entries.filter((e) => e.state === 'failed')
  const before = report.acknowledged
  for (const kind of OUTBOX_KINDS) {
    const mine = failed.filter((e) => kindOf(e.op.kind) === kind)
    if (!kind.findOnServer || !mine.length) continue
    const found: Result<unknown[]> = await kind.findOnServer(deps.transport, mine)
    if (!found.ok) break
    for (const [i, e] of mine.entries()) {
      const server = found.value[i]
      if (server === undefined) continue
      await acknowledge(deps.db, kind, [[e]], [server])
      report.acknowledged += 1
    }
  }
  return report.acknowledged - before
}

const seqs = (units: Unit[]) => units.flat().map((e) => e.seq!)

/** Applies the server's answer and removes the acknowledged entries, in one transaction (P4). */
async function acknowledge(db: KreisDatabase, kind: OutboxKindModule, batch: Unit[], answer: unknown): Promise<void> {
  await db.transaction('rw', [db.outbox, ...kind.tables(db)], async () => {
    await db.outbox.bulkDelete(seqs(batch))
    await kind.acknowledge(db, batch, answer)
  })
  kind.acknowledged?.(answer)
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
  const delay = retryWaitMs(attempts, f.retryAfterMs, () => deps.clock.random())
  await deps.db.outbox.update(head.seq!, {
    attempts,
    not_before: now + delay,
    first_failed_at: head.first_failed_at ?? now,
  })
}

/** No answer: nothing counts against the entries, but they are now "still trying" (once per failure spell). */
async function noteTransientFailure(deps: PushDeps, batch: Unit[]): Promise<void> {
  const heads = batch.map((u) => u[0]!).filter((e) => e.first_failed_at === undefined)
  if (!heads.length) return
  const now = deps.clock.now()
  await deps.db.outbox.bulkUpdate(heads.map((e) => ({ key: e.seq!, changes: { first_failed_at: now } })))
}

async function markFailed(db: KreisDatabase, kind: OutboxKindModule, unit: Unit, f: Failure): Promise<void> {
  const head = unit[0]!
  await db.transaction('rw', [db.outbox, db.listings, db.conversations, db.messages, db.my_profile], async () => {
    const failure = await kind.refusal(db, unit, f)
    await db.outbox.update(head.seq!, { state: 'failed', error: failure })
    await setEntityState(db, head.group, 'failed', failure)
  })
}
