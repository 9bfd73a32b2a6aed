/**
 * Fair share of the one database engine between clients (docs/decisions.md#D-fair-share).
 *
 * PGlite runs one statement at a time on the HTTP thread and cannot interrupt it (statement_timeout never fires,
 * docs/pglite.md §5), so a client's read that arrives while another client's heavy statement runs waits for
 * all of it: the work caps (rest/limits.ts) bound that statement, but the heaviest one they allow still held the
 * engine for about 60 ms, and a client sending it back to back made every feed read of everyone else wait for one.
 * Two rules, applied only while more than one client uses the database (a lone client, such as a developer's
 * browser or a test run on 127.0.0.1, is never slowed down):
 *
 * * Order: the database runs one unit of work (a `withClaims` transaction) at a time, and the next one is taken
 *   from the client that used the least database time in the last second, so a light client never waits behind a
 *   queue of a heavy client's requests, only behind the one statement in progress.
 * * Cooldown: the time a statement holds the engine beyond LONG_MS (the wait a light client may have to bear) is
 *   debt of its client, paid COOLDOWN_FACTOR times over in waiting before its next unit of work starts. Reads of a
 *   few milliseconds never pay anything; a client looping a 60 ms read runs it about every 4 × (60 − 10) + 60 ms,
 *   so the engine is free for the others most of the time and a light client rarely finds it busy. This is a rate
 *   limit on long work, not on requests: nothing is refused until the client's own queue is over MAX_QUEUED, and
 *   then (if other clients are waiting or active too) the answer is a 429 with Retry-After (FairShareBusy), as hosted
 *   Supabase's API gateway answers floods.
 *
 * Work outside a client request (realtime delivery started by a NOTIFY, platform bookkeeping) has no client and is
 * taken first. Clients are told apart by address (app.ts sets it with `runAsClient`, honouring trusted proxies).
 */
import { AsyncLocalStorage } from 'node:async_hooks'

export interface FairShareLimits {
  /** A statement shorter than this costs its client nothing but its place in the order. */
  longMs: number
  /** Waiting owed per millisecond a statement ran beyond longMs, while other clients use the database. */
  cooldownFactor: number
  /** How long a client counts as using the database after its last unit of work (and the usage window). */
  windowMs: number
  /** Units of work one client may have waiting; beyond that its requests are refused with FairShareBusy. */
  maxQueued: number
}

export const DEFAULT_FAIR_SHARE: FairShareLimits = { longMs: 10, cooldownFactor: 4, windowMs: 1000, maxQueued: 32 }

/** Refusal of a unit of work: the client has too much waiting already. app.ts answers 429 with Retry-After. */
export class FairShareBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many database requests from this client are waiting')
    this.name = 'FairShareBusy'
  }
}

const clientScope = new AsyncLocalStorage<string>()

/** Runs `fn` (and everything it starts) as work of `client`. */
export const runAsClient = <T>(client: string, fn: () => T): T => clientScope.run(client, fn)
export const currentClient = (): string | undefined => clientScope.getStore()

interface Job {
  seq: number
  start(): void
}

interface ClientState {
  queue: Job[]
  /** Units of work done in the window: when each ended and how long it ran. */
  spans: { end: number; ms: number }[]
  /** Not before this time may its next unit of work start while others use the database. */
  readyAt: number
  lastActive: number
}

export interface FairShareClock {
  now(): number
  /** Calls `fn` after `ms`; returns a cancel function. */
  later(fn: () => void, ms: number): () => void
}

const realClock: FairShareClock = {
  now: () => performance.now(),
  later(fn, ms) {
    const t = setTimeout(fn, ms)
    return () => clearTimeout(t)
  },
}

export class FairShare {
  private running = false
  private seq = 0
  private readonly internal: Job[] = []
  private readonly clients = new Map<string, ClientState>()
  private cancelTimer: (() => void) | null = null

  constructor(
    readonly limits: FairShareLimits = DEFAULT_FAIR_SHARE,
    private readonly clock: FairShareClock = realClock,
  ) {}

  /** Runs `work` when its turn comes; `client` defaults to the caller's (runAsClient), none for internal work. */
  run<T>(work: () => Promise<T>, client: string | undefined = currentClient()): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const now = this.clock.now()
      const job: Job = {
        seq: this.seq++,
        start: () => {
          const started = this.clock.now()
          let settled: Promise<T>
          try {
            settled = work()
          } catch (e) {
            settled = Promise.reject(e)
          }
          settled.then(resolve, reject).finally(() => this.finished(client, started))
        },
      }
      if (client === undefined) {
        this.internal.push(job)
      } else {
        const state = this.state(client, now)
        // A lone client's queue drains at full speed; only one that makes others wait is refused.
        if (state.queue.length >= this.limits.maxQueued && this.othersActive(client, now)) {
          reject(new FairShareBusy(Math.max(1, Math.ceil((state.readyAt - now) / 1000))))
          return
        }
        state.queue.push(job)
        state.lastActive = now
      }
      this.pump()
    })
  }

  /** Clients with work waiting (for tests and diagnostics). */
  waiting(client: string): number {
    return this.clients.get(client)?.queue.length ?? 0
  }

  private state(client: string, now: number): ClientState {
    let s = this.clients.get(client)
    if (!s) this.clients.set(client, (s = { queue: [], spans: [], readyAt: now, lastActive: now }))
    return s
  }

  private finished(client: string | undefined, started: number): void {
    const now = this.clock.now()
    const ms = now - started
    if (client !== undefined) {
      const s = this.state(client, now)
      s.spans.push({ end: now, ms })
      s.lastActive = now
      const excess = ms - this.limits.longMs
      // Owed for the last long statement only: a client that ran alone for a while has no backlog to pay later.
      if (excess > 0) s.readyAt = Math.max(s.readyAt, now + this.limits.cooldownFactor * excess)
    }
    this.running = false
    this.pump()
  }

  private usage(s: ClientState, now: number): number {
    const from = now - this.limits.windowMs
    while (s.spans.length > 0 && s.spans[0]!.end <= from) s.spans.shift()
    let ms = 0
    for (const span of s.spans) ms += span.ms
    return ms
  }

  /** Whether a client other than `client` has used the database or waited for it within the window. */
  private othersActive(client: string, now: number): boolean {
    if (this.internal.length > 0) return true
    for (const [key, s] of this.clients) {
      if (key !== client && (s.queue.length > 0 || s.lastActive > now - this.limits.windowMs)) return true
    }
    return false
  }

  private pump(): void {
    if (this.running) return
    this.cancelTimer?.()
    this.cancelTimer = null
    const now = this.clock.now()
    const internal = this.internal.shift()
    if (internal) return this.begin(internal)

    let best: { s: ClientState; usage: number } | null = null
    let wakeAt = Infinity
    for (const [key, s] of this.clients) {
      if (s.queue.length === 0) {
        // Forgotten once idle for a window and out of cooldown.
        if (s.lastActive <= now - this.limits.windowMs && s.readyAt <= now) this.clients.delete(key)
        continue
      }
      if (s.readyAt > now && this.othersActive(key, now)) {
        wakeAt = Math.min(wakeAt, s.readyAt)
        continue
      }
      const usage = this.usage(s, now)
      if (!best || usage < best.usage || (usage === best.usage && s.queue[0]!.seq < best.s.queue[0]!.seq)) {
        best = { s, usage }
      }
    }
    if (best) return this.begin(best.s.queue.shift()!)
    if (wakeAt < Infinity) this.cancelTimer = this.clock.later(() => this.pump(), Math.max(1, wakeAt - now))
  }

  private begin(job: Job): void {
    this.running = true
    job.start()
  }
}
