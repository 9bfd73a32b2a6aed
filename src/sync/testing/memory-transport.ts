/**
 * A Transport to a MemoryServer with injectable faults, driven step by step by the test:
 * - offline: every call fails as a network error;
 * - dropRequest: the request is lost before the server (network error, nothing applied);
 * - dropResponse: the server commits, the answer is lost (network error);
 * - delay: the request arrives later, after others (network error now; `deliverLate` applies it) — reordering;
 * - lateCommit: the request's transaction begins now (its time and transaction id taken) and commits at a later
 *   delivery, after others began and committed: its rows are older than rows pulled meanwhile, realtime is lost for
 *   it, and a request for a row it holds waits (both answer a network error now: the client's timeout);
 * - duplicate: the server gets the request twice (once now, once later);
 * - realtime: events are dropped or held and delivered out of order by `flushRealtime`;
 * - serverError: 503 or 429 without applying;
 * - an expired token answers 401 until refreshSession().
 */
import {
  composedOf,
  type FailureReason,
  type RealtimeChange,
  type RealtimeHandlers,
  type RealtimeSlice,
  type Result,
  type SessionInfo,
  type SessionSlice,
  type Transport,
} from '../protocol'
import type { MemoryServer } from './memory-server'
import { WRITE_OPERATIONS, type MemoryContext, type WriteOperation } from './memory-slices/context'
import { memoryFavourites } from './memory-slices/favourites'
import { memoryListings } from './memory-slices/listings'
import { memoryMessages } from './memory-slices/messages'
import { memoryProfiles } from './memory-slices/profiles'
import { memoryPulls } from './memory-slices/pulls'
import { memoryPush } from './memory-slices/push'
import { memorySearchSlice } from './memory-slices/search'
import { memoryTimePulls } from './memory-slices/time-pulls'
import { createRng, type Rng } from './prng'

export { WRITE_OPERATIONS, type WriteOperation } from './memory-slices/context'

export interface FaultRates {
  dropRequest: number
  dropResponse: number
  delay: number
  duplicate: number
  dropRealtime: number
  /** 5xx or 429 before the server applies anything. */
  serverError: number
  /** The transaction begins now and commits later than the pull's look-back, realtime lost for it. */
  lateCommit: number
  /**
   * A rare operation this scenario leans on: its writes meet each write fault at least at FOCUS_FAULT_RATE, so
   * the few requests a rare operation makes (read marks, favourites) still meet every fault in every shard.
   */
  focus?: WriteOperation
}

/** The least rate of each write fault for the scenario's focus operation. */
export const FOCUS_FAULT_RATE = 0.3

export const NO_FAULTS: FaultRates = {
  dropRequest: 0,
  dropResponse: 0,
  delay: 0,
  duplicate: 0,
  dropRealtime: 0,
  serverError: 0,
  lateCommit: 0,
}

/** What happened to one write request. */
export const WRITE_FAULTS = [
  /** The device is offline: network error, nothing sent. */
  'offline',
  /** The token expired: 401 until refreshed. */
  'expiredToken',
  /** Lost before the server. */
  'dropRequest',
  /** 503 before the server applies anything. */
  'serverError',
  /** 429 before the server applies anything. */
  'rateLimited',
  /** Arrives later, after others (network error now). */
  'delay',
  /**
   * Begins now, commits at a later delivery with its start time, realtime lost; or waits for such a transaction's
   * row lock and is applied right after it (network error now, either way).
   */
  'lateCommit',
  /** Applied now and once more later. */
  'duplicate',
  /** Committed, the answer lost. */
  'dropResponse',
  /** Committed, then the tab died before the answer. */
  'crashAfterCommit',
] as const
export type WriteFault = (typeof WRITE_FAULTS)[number]

/** Counts of every operation × fault the transports of a run met (the fault suite's report). */
export class FaultTally {
  readonly counts = new Map<string, number>()
  writes = 0
  /** Writes answered normally. */
  clean = 0
  refreshRefusals = 0
  /** Where the scenario is: its steps, the drain with faults still on, or the quiet end (faults off). */
  phase: 'steps' | 'faulty drain' | 'quiescence' = 'steps'
  readonly byPhase = { steps: 0, 'faulty drain': 0, quiescence: 0 }
  /** Write requests that met a fault, by phase. */
  readonly faultedByPhase = { steps: 0, 'faulty drain': 0, quiescence: 0 }
  add(op: WriteOperation, fault: WriteFault | null): void {
    this.writes++
    this.byPhase[this.phase]++
    if (fault !== null) this.faultedByPhase[this.phase]++
    if (fault === null) this.clean++
    else this.counts.set(`${op} × ${fault}`, (this.counts.get(`${op} × ${fault}`) ?? 0) + 1)
  }
  count(op: WriteOperation, fault: WriteFault): number {
    return this.counts.get(`${op} × ${fault}`) ?? 0
  }
  /** Operation × fault pairs never exercised. */
  missing(): string[] {
    return WRITE_OPERATIONS.flatMap((op) =>
      WRITE_FAULTS.filter((f) => this.count(op, f) === 0).map((f) => `${op} × ${f}`),
    )
  }
  /** A table: one row per operation, one column per fault. */
  table(): string {
    const head = ['operation', ...WRITE_FAULTS]
    const rows = WRITE_OPERATIONS.map((op) => [op, ...WRITE_FAULTS.map((f) => String(this.count(op, f)))])
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
    return [head, ...rows].map((r) => r.map((c, i) => c.padStart(widths[i]!)).join(' ')).join('\n')
  }
}

const networkError = <T>(): Result<T> => ({ ok: false, reason: 'network' as FailureReason, message: 'Failed to fetch' })

/**
 * The chance that a late transaction commits at a delivery (other held requests go with 0.5 each, in a chain): low,
 * so that it often stays open while other devices write and pull.
 */
const LATE_COMMIT_CHANCE = 0.1

/** Requests that reached the server late, shared by all transports of one server. */
export class LateDeliveries {
  private queue: { apply: () => void; rows: readonly string[]; late: boolean; waiting: (() => void)[] }[] = []
  /**
   * @param commitRng draws whether a write commits late, apart from the scenario's other draws: adding that fault
   * kept every other fault draw of a scenario as it was until its first late commit.
   */
  constructor(readonly commitRng: Rng = createRng(0)) {}
  /**
   * @param rows the rows the request writes (`table:key`).
   * @param late a transaction that has begun and holds those rows until it commits (see `waitFor`).
   */
  add(apply: () => void, rows: readonly string[] = [], late = false): void {
    this.queue.push({ apply, rows, late, waiting: [] })
  }
  /**
   * Applies a random subset of held requests in random order (all when `all`). A request for a row a late
   * transaction still holds waits for it instead (applied right after it commits). Each late transaction commits
   * with LATE_COMMIT_CHANCE.
   */
  deliver(rng: Rng, all = false): number {
    let n = 0
    for (;;) {
      const ready = this.queue.filter((h) => !h.late)
      if (!ready.length || (!all && !rng.chance(0.5))) break
      this.release(ready[rng.int(ready.length)]!)
      n++
    }
    for (const h of this.queue.filter((x) => x.late)) {
      if (!all && !this.commitRng.chance(LATE_COMMIT_CHANCE)) continue
      this.release(h)
      n++
    }
    return n
  }

  private release(held: (typeof this.queue)[number]): void {
    this.queue.splice(this.queue.indexOf(held), 1)
    const holder = held.late ? undefined : this.holder(held.rows)
    if (holder) return void holder.waiting.push(held.apply)
    held.apply()
    for (const w of held.waiting) w()
  }
  /**
   * A write of `rows` reaching the server while a late transaction holds one of them waits on its row lock, past
   * the client's timeout: it is applied right after that transaction commits.
   */
  waitFor(rows: readonly string[], apply: () => void): void {
    this.holder(rows)!.waiting.push(apply)
  }
  /** Whether a late transaction holds one of `rows`. */
  holds(rows: readonly string[]): boolean {
    return this.holder(rows) !== undefined
  }
  private holder(rows: readonly string[]) {
    return this.queue.find((h) => h.late && h.rows.some((r) => rows.includes(r)))
  }
  get size(): number {
    return this.queue.length
  }
}

/** The slices a memory transport composes; the session and realtime are the link's own (the class below). */
type MemoryDataSlices = Omit<Transport, keyof SessionSlice | keyof RealtimeSlice>

const memorySlices = (ctx: MemoryContext): MemoryDataSlices => ({
  ...memoryListings(ctx),
  ...memorySearchSlice(ctx),
  ...memoryMessages(ctx),
  ...memoryProfiles(ctx),
  ...memoryFavourites(ctx),
  ...memoryPulls(ctx),
  ...memoryTimePulls(ctx),
  ...memoryPush(ctx),
})

/**
 * The link to a MemoryServer (faults, the session, realtime), composed with the data slices of memory-slices/ the
 * way SupabaseTransport composes its own: each slice reaches the server through this link's `write` and `read`.
 */
export class MemoryTransport extends composedOf<MemoryDataSlices>() implements Transport {
  online = true
  tokenValid = true
  faults: FaultRates = NO_FAULTS
  /** Set to stop answering for ever (a crashed tab's transport). */
  dead = false
  /**
   * The tab dies right after the next write (true), or the next write of one operation, reached the server
   * (committed), before its answer: `died` resolves.
   */
  dieAfterNextWrite: boolean | WriteOperation = false
  /**
   * Runs once, right after the next write of `op` committed and before its answer goes back (another tab writing
   * while this one's request is in flight).
   */
  afterCommit: { op: WriteOperation; run: () => Promise<void> } | null = null
  private onDeath: () => void = () => {}
  readonly died = new Promise<void>((resolve) => (this.onDeath = resolve))
  private handlers: RealtimeHandlers | null = null
  private heldEvents: RealtimeChange[] = []
  private readonly subscriber = { userId: '', deliver: (c: RealtimeChange) => this.receive(c) }
  calls = 0
  /** Write requests this transport made (any answer, faults included). */
  writes = 0
  /** Where the faults met are counted (the fault suite's report); none in unit tests. */
  tally: FaultTally | null = null
  /** The next refreshes are refused (the session ended; the user signs in again after that many tries). */
  refreshRefusals = 0

  constructor(
    private readonly server: MemoryServer,
    readonly userId: string,
    private readonly rng: Rng,
    private readonly late: LateDeliveries = new LateDeliveries(),
  ) {
    // The slices are built before `this` exists; their calls reach the link once it does.
    const link: { to?: MemoryTransport } = {}
    super(
      memorySlices({
        server,
        userId,
        write: (op, rows, apply) => link.to!.write(op, rows, apply),
        read: (get) => link.to!.read(get),
      }),
    )
    link.to = this
    this.subscriber.userId = userId
  }

  private receive(c: RealtimeChange): void {
    if (!this.handlers || !this.online || this.dead) return
    if (this.rng.chance(this.faults.dropRealtime)) return
    this.heldEvents.push(c)
  }

  /** Delivers held realtime events (a random subset in random order unless `all`). */
  flushRealtime(all = false): number {
    let n = 0
    while (this.heldEvents.length && this.handlers) {
      if (!all && !this.rng.chance(0.6)) break
      const [c] = this.heldEvents.splice(this.rng.int(this.heldEvents.length), 1)
      this.handlers.onChange(c!)
      n++
    }
    return n
  }

  setOnline(online: boolean): void {
    if (this.online === online) return
    this.online = online
    if (!online) this.heldEvents = []
    this.handlers?.onStatus(online ? 'connected' : 'disconnected')
  }

  /** A write: subject to every fault. */
  /** @param rows the rows the write changes (`table:key`): it waits for a late transaction holding one of them. */
  private async write<T>(op: WriteOperation, rows: readonly string[], apply: () => Result<T>): Promise<Result<T>> {
    this.calls++
    this.writes++
    await Promise.resolve()
    const met = (fault: WriteFault | null) => this.tally?.add(op, fault)
    const rate = (fault: Exclude<keyof FaultRates, 'focus'>) =>
      op === this.faults.focus ? Math.max(this.faults[fault], FOCUS_FAULT_RATE) : this.faults[fault]
    if (this.dead) return networkError()
    if (!this.online) return (met('offline'), networkError())
    if (!this.tokenValid)
      return (met('expiredToken'), { ok: false, reason: 'unauthorized', code: 'PGRST303', message: 'JWT expired' })
    if (this.rng.chance(rate('dropRequest'))) return (met('dropRequest'), networkError())
    if (this.rng.chance(rate('serverError'))) {
      return this.rng.chance(0.5)
        ? (met('serverError'), { ok: false, reason: 'server', code: '503', message: 'Service Unavailable' })
        : (met('rateLimited'), { ok: false, reason: 'rate_limited', code: '429', message: 'Too Many Requests' })
    }
    if (this.rng.chance(rate('delay'))) {
      met('delay')
      this.late.add(() => void apply(), rows)
      return networkError()
    }
    // A row held by a late transaction: the request waits for its lock (the client has long given up), and its own
    // transaction, begun now, commits late too, right after it.
    if (this.late.holds(rows)) {
      const tx = this.server.beginLate()
      this.late.waitFor(rows, () => void this.server.commitLate(tx, apply, true))
      return (met('lateCommit'), networkError())
    }
    if (this.late.commitRng.chance(rate('lateCommit'))) {
      met('lateCommit')
      const tx = this.server.beginLate()
      this.late.add(() => void this.server.commitLate(tx, apply), rows, true)
      return networkError()
    }
    const result = apply()
    const hook = this.afterCommit
    if (hook?.op === op) {
      this.afterCommit = null
      await hook.run()
    }
    if (this.dieAfterNextWrite === true || this.dieAfterNextWrite === op) {
      met('crashAfterCommit')
      this.dead = true
      this.onDeath()
      return networkError()
    }
    const duplicate = this.rng.chance(rate('duplicate'))
    if (duplicate) this.late.add(() => void apply(), rows)
    if (this.rng.chance(rate('dropResponse'))) return (met('dropResponse'), networkError())
    met(duplicate ? 'duplicate' : null)
    return result
  }

  /** A read: lost requests and answers look the same. */
  private async read<T>(get: () => T): Promise<Result<T>> {
    this.calls++
    await Promise.resolve()
    if (this.dead || !this.online) return networkError()
    if (!this.tokenValid) return { ok: false, reason: 'unauthorized', code: 'PGRST303', message: 'JWT expired' }
    if (this.rng.chance(this.faults.dropRequest) || this.rng.chance(this.faults.dropResponse)) return networkError()
    return { ok: true, value: get() }
  }

  async session(): Promise<SessionInfo | null> {
    return { userId: this.userId }
  }

  async refreshSession(): Promise<Result<SessionInfo>> {
    if (this.dead || !this.online) return networkError()
    if (this.refreshRefusals > 0) {
      this.refreshRefusals--
      if (this.tally) this.tally.refreshRefusals++
      return {
        ok: false,
        reason: 'unauthorized',
        code: 'refresh_token_not_found',
        message: 'Invalid Refresh Token: Refresh Token Not Found',
      }
    }
    this.tokenValid = true
    return { ok: true, value: { userId: this.userId } }
  }

  subscribe(handlers: RealtimeHandlers): () => void {
    this.handlers = handlers
    this.server.subscribers.add(this.subscriber)
    if (this.online) handlers.onStatus('connected')
    return () => {
      this.handlers = null
      this.server.subscribers.delete(this.subscriber)
    }
  }
}
