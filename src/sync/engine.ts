/**
 * The sync engine: one push-then-pull cycle at a time, run by the leader tab on every trigger (docs/architecture.md §1
 * rule 7): start, `online`, the tab becoming visible, realtime (re)connects and pokes, a timer while online, and a
 * message from the service worker's Background Sync.
 */
import type { KreisDatabase } from '@/db/database'
import type { OutboxGroup } from '@/db/rows'
import { storageProblemOf } from '@/db/storage-errors'
import { backoffDelayMs, retryDueAt } from './backoff'
import { systemClock, type Clock } from './clock'
import {
  BACKGROUND_SYNC_MESSAGE,
  BACKGROUND_SYNC_TAG,
  REALTIME_FIRST_STATUS_WAIT_MS,
  SYNC_INTERVAL_MS,
} from './constants'
import { electLeader, type Leadership } from './leader'
import { discardFailed, pendingSummary, retryFailed } from './outbox'
import { pullAll, refetchListing } from './pull'
import { noteNewListing } from './new-listings'
import { realtimeWatch } from '@/db/repositories/window'
import { LISTING_WINDOW_SIZE, REALTIME_RESCOPE_DEBOUNCE_MS, REALTIME_WATCH_IDS_MAX } from '@/config/window'
import { needsRescope, unnamedIds } from '@/domain/realtime-scope'
import { drainOutbox, type DrainReport } from './push'
import type { Failure, RealtimeChange, RealtimeWatch, Transport } from './protocol'
import { applyRealtimeChanges } from './realtime-apply'
import { sweepDiscardedUploads } from './sweep'
import { createSyncStatusStore, patchSyncStatus, type SyncStatusStore } from './status-store'
import { followStatus, pokeLeader, watchForWork } from './tabs'
import { traceHop, tracing } from './trace'

export interface EngineOptions {
  db: KreisDatabase
  /** The transport, or a loader for it (the Supabase one is imported lazily). */
  transport: Transport | (() => Promise<Transport>)
  clock?: Clock
  status?: SyncStatusStore
  /** Web Locks; `null` forces single-tab leadership (tests, old browsers). */
  locks?: LockManager | null
  /** The newest listings the device keeps (the window; LISTING_WINDOW_SIZE unless a test asks for fewer). */
  windowSize?: number
}

export type SyncReason =
  'start' | 'online' | 'visible' | 'realtime' | 'reconnect' | 'timer' | 'background-sync' | 'write' | 'retry' | 'manual'

export interface CycleReport {
  push: DrainReport
  pullFailure: Failure | null
}

export class SyncEngine {
  readonly status: SyncStatusStore
  readonly db: KreisDatabase
  private readonly clock: Clock
  private transport: Transport | null = null
  private readonly loadTransport: () => Promise<Transport>
  private running: Promise<CycleReport> | null = null
  /** Calls made while a cycle ran: one more cycle, and the promise its callers wait on. */
  private rerun: {
    reconcile: boolean
    promise: Promise<CycleReport>
    resolve(r: CycleReport): void
    reject(e: unknown): void
  } | null = null
  /** Consecutive cycles that ended offline: the engine's own backoff. */
  private offlineStreak = 0
  /** Background Sync was asked for in this offline spell (once per spell, at its first cycle with writes queued). */
  private wakeAsked = false
  /** Device time (ms) of the earliest retry time of a queued entry that is backing off (5xx, 429), or null. */
  private nextRetryAt: number | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  /** The timer's delay when it was last set (tests read it: the next cycle's time without waiting for it). */
  scheduledDelayMs: number | null = null
  private leading = false
  private stopFns: (() => void)[] = []
  private leadership: Leadership | null = null
  private stopped = false
  /** start() was called: from then on only the leader tab runs cycles (tabs.ts). */
  private tabStarted = false
  /** The drain under way (one at a time: two at once could send an entry twice), and the one queued after it. */
  private draining: Promise<DrainReport> | null = null
  private drainQueued: Promise<DrainReport> | null = null
  private realtimeQueue: RealtimeChange[] = []
  /** What the open realtime channel listens to (M6), and the pending check of it after the held listings changed. */
  private realtimeScope: RealtimeWatch | null = null
  private rescopeTimer: ReturnType<typeof setTimeout> | null = null
  private applyingRealtime: Promise<void> | null = null

  constructor(private readonly opts: EngineOptions) {
    this.db = opts.db
    this.clock = opts.clock ?? systemClock
    this.status = opts.status ?? createSyncStatusStore()
    const t = opts.transport
    this.loadTransport = typeof t === 'function' ? t : async () => t
  }

  private async getTransport(): Promise<Transport> {
    this.transport ??= await this.loadTransport()
    return this.transport
  }

  /**
   * Runs one push-then-pull cycle. While a cycle runs, calls are folded into one more cycle after it, and their
   * promises settle with that cycle, so a caller that wrote before calling always waits for a cycle that saw it.
   * @param reconcile also drop listings the server no longer shows.
   */
  sync(
    reason: SyncReason,
    reconcile = reason === 'start' || reason === 'reconnect' || reason === 'online' || reason === 'visible',
  ): Promise<CycleReport> {
    // Another tab leads: it drains and pulls, this one only asks it to (two drains at once could send twice).
    if (this.tabStarted && !this.status.getState().leader) {
      pokeLeader()
      return Promise.resolve({ push: { outcome: 'drained', acknowledged: 0, failed: 0 }, pullFailure: null })
    }
    if (this.running) {
      if (!this.rerun) {
        let resolve!: (r: CycleReport) => void
        let reject!: (e: unknown) => void
        const promise = new Promise<CycleReport>((res, rej) => ((resolve = res), (reject = rej)))
        this.rerun = { reconcile: false, promise, resolve, reject }
      }
      this.rerun.reconcile ||= reconcile
      return this.rerun.promise
    }
    this.running = this.cycle(reconcile).finally(() => {
      this.running = null
      const again = this.rerun
      this.rerun = null
      if (!again) return this.schedule()
      if (this.stopped) again.reject(new Error('sync engine stopped'))
      else this.sync('retry', again.reconcile).then(again.resolve, again.reject)
    })
    return this.running
  }

  private async cycle(reconcile: boolean): Promise<CycleReport> {
    try {
      // The browser knows it is offline: no request at all (supabase-js would spend ~25 s retrying a token
      // refresh before each one). The 'online' event starts the next cycle the moment the network is back.
      if (globalThis.navigator?.onLine === false) {
        this.offlineStreak++
        await this.askToBeWoken()
        this.status.setState({ online: false })
        await this.refreshCounts()
        return { push: { outcome: 'offline', acknowledged: 0, failed: 0 }, pullFailure: null }
      }
      // A transport whose code could not be fetched (a first visit whose network dropped) is a network failure:
      // the cycle is offline, and the next one asks for it again (docs/decisions.md#D-chunk-retry).
      const transport = await this.getTransport().catch(() => null)
      const session = transport && (await transport.session())
      const push: DrainReport = !transport
        ? { outcome: 'offline', acknowledged: 0, failed: 0 }
        : session
          ? await this.drain(transport)
          : { outcome: 'unauthorized', acknowledged: 0, failed: 0 }
      const pullFailure =
        !transport || push.outcome === 'offline' || push.outcome === 'throttled'
          ? null
          : await this.pullWithFreshToken(transport, reconcile)
      const offline = push.outcome === 'offline' || pullFailure?.reason === 'network'
      this.offlineStreak = offline ? this.offlineStreak + 1 : 0
      if (offline) await this.askToBeWoken()
      else this.wakeAsked = false
      this.nextRetryAt = await this.earliestRetry()
      // A visitor has nothing to push: a clean pull of the public feed is a sync.
      const ok =
        !offline && !pullFailure && (push.outcome === 'drained' || (!session && (await this.db.outbox.count()) === 0))
      const pulled = push.outcome !== 'offline' && push.outcome !== 'throttled'
      this.status.setState({
        online: !offline,
        needsSignIn: push.outcome === 'unauthorized' && (await this.db.outbox.count()) > 0,
        ...(ok ? { lastSyncAt: this.clock.now() } : {}),
        ...(pulled ? { pullFailing: pullFailure !== null && pullFailure.reason !== 'network' } : {}),
      })
      await this.refreshCounts()
      return { push, pullFailure }
    } catch (e) {
      const problem = storageProblemOf(e)
      if (problem) this.status.setState({ storageProblem: problem })
      throw e
    }
  }

  /**
   * Drains the outbox, one drain at a time. A call while a drain runs gets the drain queued after it (shared by
   * every caller meanwhile): the running one may already have read the outbox for the last time.
   */
  private drain(transport: Transport): Promise<DrainReport> {
    if (!this.draining) {
      traceHop('drain-start')
      this.draining = drainOutbox({ db: this.db, transport, clock: this.clock }).finally(() => (this.draining = null))
      return this.draining
    }
    this.drainQueued ??= this.draining
      .catch(() => {})
      .then(() => {
        this.drainQueued = null
        return this.drain(transport)
      })
    return this.drainQueued
  }

  /**
   * The device just wrote something: send it now. Only the outbox is drained, at once, even while a cycle is
   * pulling (the acknowledgements bring the server's version of what was sent; realtime, the timer and the other
   * triggers bring everyone else's changes), so a message leaves without waiting behind a pull. Whatever the
   * drain could not settle (offline, a refused token, 429) goes to a full cycle, which owns that status.
   */
  async push(): Promise<DrainReport | null> {
    if (this.stopped) return null
    if (this.tabStarted && !this.status.getState().leader) {
      pokeLeader()
      return null
    }
    if (globalThis.navigator?.onLine === false) {
      this.background('write', false)
      return null
    }
    try {
      const transport = await this.getTransport()
      if (!(await transport.session())) return null
      const report = await this.drain(transport)
      if (report.outcome !== 'drained') {
        this.background('write', false)
        return report
      }
      // A 5xx met on the way: the entry's backoff time must start a cycle, not the next interval tick.
      const nextRetryAt = await this.earliestRetry()
      if (nextRetryAt !== this.nextRetryAt) {
        this.nextRetryAt = nextRetryAt
        if (!this.running) this.schedule()
      }
      if (report.acknowledged > 0 && !this.status.getState().online) this.status.setState({ online: true })
      return report
    } catch (e) {
      const problem = storageProblemOf(e)
      if (problem) this.status.setState({ storageProblem: problem })
      throw e
    }
  }

  /** Pulls; an expired token is refreshed once and the pull repeated (pulls run even with nothing to push). */
  private async pullWithFreshToken(transport: Transport, reconcile: boolean): Promise<Failure | null> {
    const first = await pullAll({ db: this.db, transport, windowSize: this.opts.windowSize }, { reconcile })
    if (first?.reason !== 'unauthorized') return first
    const refreshed = await transport.refreshSession()
    if (!refreshed.ok) return refreshed
    return pullAll({ db: this.db, transport, windowSize: this.opts.windowSize }, { reconcile })
  }

  /**
   * A cycle nobody awaits. Its failures are already in the status store (storage problems, offline), so the
   * rejection itself needs no other handler.
   */
  private background(reason: SyncReason, reconcile?: boolean): void {
    if (this.stopped) return
    this.sync(reason, reconcile).catch(() => {})
  }

  /** Resolves when no cycle is running or scheduled to rerun. */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => {})
  }

  /**
   * Delay before the next cycle when nothing else triggers one: the engine's offline backoff, else the sync
   * interval, but never later than the earliest entry backing off after a 5xx or 429 may be sent again.
   */
  nextDelayMs(): number {
    const base =
      this.offlineStreak > 0 ? backoffDelayMs(this.offlineStreak, () => this.clock.random()) : SYNC_INTERVAL_MS
    return this.nextRetryAt === null ? base : Math.max(0, Math.min(base, this.nextRetryAt - this.clock.now()))
  }

  /** The earliest future retry time among queued entries that are backing off. */
  private async earliestRetry(): Promise<number | null> {
    const now = this.clock.now()
    let earliest: number | null = null
    await this.db.outbox
      .where('state')
      .equals('queued')
      .each((e) => {
        const due = retryDueAt(e.not_before, now)
        if (due > now && (earliest === null || due < earliest)) earliest = due
      })
    return earliest
  }

  async refreshCounts(): Promise<void> {
    const s = await pendingSummary(this.db)
    patchSyncStatus(this.status, {
      pendingCount: s.pending,
      photos: s.photos,
      oldestPendingAt: s.oldestQueuedAt,
      retryingSince: s.retryingSince,
      writesWaitingForOtherAccounts: s.waitingForOtherAccounts,
      failures: s.failures,
    })
  }

  /**
   * Handles a realtime row; pulls when the row alone is not enough. Rows that arrive while earlier ones are being
   * written wait and go in together (realtime-apply.ts). Resolves when the row is in the mirror.
   */
  onRealtimeChange(change: RealtimeChange): Promise<void> {
    if (change.table === 'messages' && tracing()) traceHop('realtime-received', [change.row.id])
    if (
      change.table === 'listings' &&
      change.deletedId === undefined &&
      change.inserted &&
      change.row.status === 'active'
    ) {
      const id = change.row.id
      void this.db.listings.get(id).then(
        (held) => (held ? undefined : noteNewListing(id)),
        () => undefined,
      )
    }
    this.realtimeQueue.push(change)
    this.applyingRealtime ??= this.applyRealtimeQueue().finally(() => (this.applyingRealtime = null))
    return this.applyingRealtime
  }

  private async applyRealtimeQueue(): Promise<void> {
    while (this.realtimeQueue.length) {
      const batch = this.realtimeQueue.splice(0)
      try {
        const followUp = await applyRealtimeChanges(this.db, batch)
        if (tracing())
          traceHop(
            'realtime-applied',
            batch.flatMap((c) => (c.table === 'messages' ? [c.row.id] : [])),
          )
        if (followUp !== 'none') this.background('realtime', followUp === 'reconcile')
      } catch (e) {
        const problem = storageProblemOf(e)
        if (problem) this.status.setState({ storageProblem: problem })
        // Whatever else went wrong, those rows are not in the mirror: a pull brings them.
        else this.background('realtime')
      }
    }
  }

  /** The user retries a failed entity. */
  async retry(group: OutboxGroup): Promise<void> {
    await retryFailed(this.db, group)
    await this.refreshCounts()
    this.background('retry', false)
  }

  /** The user discards a failed entity; the mirror returns to the server's version. */
  async discard(group: OutboxGroup): Promise<void> {
    const todo = await discardFailed(this.db, group)
    await this.refreshCounts()
    const transport = await this.getTransport()
    if (todo.refetchListing) await refetchListing({ db: this.db, transport }, todo.refetchListing)
    if (todo.refetchProfile) await this.sync('retry', false)
    // Files uploaded for the discarded writes and used by no committed row go now (best-effort).
    if (todo.uploaded) await sweepDiscardedUploads(transport, group, todo.uploaded).catch(() => null)
  }

  /**
   * Starts the engine in this tab once it is the leader: subscribes to realtime and to the browser's triggers.
   * Returns immediately; `stop()` undoes everything.
   */
  start(): void {
    this.stopped = false
    this.tabStarted = true
    this.stopFns.push(followStatus(this.db, this.status, () => this.refreshCounts()))
    const sw = globalThis.navigator?.serviceWorker
    if (sw) {
      const onMessage = (e: MessageEvent) => void this.onServiceWorkerMessage(e)
      sw.addEventListener('message', onMessage)
      this.stopFns.push(() => sw.removeEventListener('message', onMessage))
    }
    // `locks: null` means single-tab leadership even where the browser has Web Locks (undefined would fall back to them).
    this.leadership = electLeader(
      () => void this.lead(),
      this.opts.locks === null ? null : (this.opts.locks ?? globalThis.navigator?.locks),
    )
  }

  private async lead(): Promise<void> {
    this.status.setState({ leader: true })
    // The browser closed IndexedDB under us (storage cleared, disk trouble): the user must reload.
    const onClose = () => this.status.setState({ storageProblem: 'connection-lost' })
    this.db.on('close', onClose)
    this.stopFns.push(() => this.db.on('close').unsubscribe(onClose))
    let transport: Transport | null
    try {
      transport = await this.getTransport()
    } catch {
      transport = await this.transportOnceLoaded()
    }
    if (!transport) return
    const on = (target: EventTarget | undefined, type: string, fn: () => void) => {
      if (!target) return
      target.addEventListener(type, fn)
      this.stopFns.push(() => target.removeEventListener(type, fn))
    }
    on(globalThis.window, 'online', () => this.background('online'))
    on(globalThis.window, 'offline', () => this.status.setState({ online: false }))
    on(globalThis.document, 'visibilitychange', () => {
      if (globalThis.document?.visibilityState === 'visible') this.background('visible')
    })
    // The first cycle waits (a moment at most) for realtime's first word: connected before it pulls, nothing is
    // missed between the two, so that connection needs no catch-up pull (a first visit pulled and reconciled twice).
    let firstCycle = false
    let statusHeard = false
    let heard!: () => void
    const firstStatus = new Promise<void>((resolve) => (heard = resolve))
    const subscription = transport.subscribe({
      onChange: (change) => void this.onRealtimeChange(change).catch(() => {}),
      watched: async () => (this.realtimeScope = await realtimeWatch(this.db, this.windowSize)),
      onStatus: (s) => {
        statusHeard = true
        heard()
        if (s !== 'connected') this.status.setState({ online: false })
        else if (firstCycle) this.background('reconnect')
      },
    })
    this.stopFns.push(subscription)
    const rescope = subscription.rescope
    if (rescope) {
      // Listings the device starts keeping after the channel opened (opened, favourited, a search answer) are heard
      // from the next channel on, not only by the periodic pull.
      this.stopFns.push(this.db.rowChanges.subscribe('listings', () => this.checkScopeSoon(rescope)))
      this.stopFns.push(() => {
        if (this.rescopeTimer) clearTimeout(this.rescopeTimer)
        this.rescopeTimer = null
      })
    }
    this.stopFns.push(watchForWork(this.db, () => void this.push().catch(() => {})))
    this.leading = true
    if (!statusHeard && globalThis.navigator?.onLine !== false) {
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        firstStatus,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, REALTIME_FIRST_STATUS_WAIT_MS))),
      ])
      clearTimeout(timer)
    }
    firstCycle = true
    if (this.stopped) return
    await this.sync('start').catch(() => {})
  }

  /**
   * The transport the leader subscribes with, after its code could not be fetched (docs/decisions.md#D-chunk-retry):
   * the device shows offline and asks again when the browser comes back online, or after the offline backoff. Null
   * once the engine has stopped.
   */
  private async transportOnceLoaded(): Promise<Transport | null> {
    for (let attempt = 1; ; attempt++) {
      this.status.setState({ online: false })
      const win = globalThis.window
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          win?.removeEventListener('online', done)
          resolve()
        }
        const timer = setTimeout(
          done,
          backoffDelayMs(attempt, () => this.clock.random()),
        )
        win?.addEventListener('online', done)
      })
      if (this.stopped) return null
      try {
        return await this.getTransport()
      } catch {
        // still unreachable: wait again
      }
    }
  }

  private get windowSize(): number {
    return this.opts.windowSize ?? LISTING_WINDOW_SIZE
  }

  /**
   * Once the held listings stop changing for a moment: a new channel when the open one does not hear them all, or
   * hears the whole catalogue while the device holds a full window (domain/realtime-scope.ts).
   */
  private checkScopeSoon(rescope: () => void): void {
    if (this.rescopeTimer) clearTimeout(this.rescopeTimer)
    this.rescopeTimer = setTimeout(() => {
      this.rescopeTimer = null
      void this.rescopeIfNeeded(rescope).catch(() => {})
    }, REALTIME_RESCOPE_DEBOUNCE_MS)
  }

  private async rescopeIfNeeded(rescope: () => void): Promise<void> {
    const current = this.realtimeScope
    if (this.stopped || !current) return
    const next = await realtimeWatch(this.db, this.windowSize)
    const unnamed = unnamedIds(current, next, REALTIME_WATCH_IDS_MAX)
    const created = new Map(
      (await this.db.listings.bulkGet(unnamed)).flatMap((l) => (l ? [[l.id, l.created_at] as const] : [])),
    )
    if (
      this.stopped ||
      this.realtimeScope !== current ||
      !needsRescope(current, next, (id) => created.get(id), REALTIME_WATCH_IDS_MAX)
    )
      return
    rescope()
  }

  /**
   * (Re)sets the timer after every cycle of the leader: the next cycle comes at `nextDelayMs()`, so a write that
   * met a 5xx is sent again at its backoff time, not at the next interval tick.
   */
  private schedule(): void {
    if (!this.leading || this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.scheduledDelayMs = this.nextDelayMs()
    this.timer = setTimeout(() => {
      this.timer = null
      this.background('timer')
    }, this.scheduledDelayMs)
  }

  /**
   * The service worker's Background Sync fired (public/sw-background-sync.js): the leader runs a cycle and answers
   * whether the outbox is now empty, so the browser retries the sync later if not. Other tabs answer at once.
   */
  async onServiceWorkerMessage(e: Pick<MessageEvent, 'data' | 'ports'>): Promise<void> {
    if ((e.data as { type?: unknown } | null)?.type !== BACKGROUND_SYNC_MESSAGE) return
    const reply = (answer: { drained: boolean; reason?: string }) => e.ports[0]?.postMessage(answer)
    if (!this.status.getState().leader) return reply({ drained: false, reason: 'not the leader tab' })
    try {
      const report = await this.sync('background-sync', false)
      // Failed entries wait for the user (retry or discard), not for the network: they do not keep the sync open.
      const drained = report.push.outcome === 'drained' && (await this.queuedCount()) === 0
      reply(drained ? { drained } : { drained, reason: report.push.outcome })
    } catch (err) {
      reply({ drained: false, reason: (err as Error).message })
    }
  }

  /**
   * Queued writes and no network: asks the browser to wake the app when it is back, once per offline spell (a write
   * made after the spell began counts too). The registration's own failure only means no wake-up.
   */
  private async askToBeWoken(): Promise<void> {
    if (this.wakeAsked || (await this.queuedCount()) === 0) return
    this.wakeAsked = true
    void this.registerBackgroundSync().catch(() => false)
  }

  private queuedCount(): Promise<number> {
    return this.db.outbox.where('state').equals('queued').count()
  }

  /** Asks the service worker to wake us when connectivity returns (Background Sync, where the browser has it). */
  async registerBackgroundSync(): Promise<boolean> {
    const reg = (await globalThis.navigator?.serviceWorker?.ready) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    if (!reg?.sync) return false
    await reg.sync.register(BACKGROUND_SYNC_TAG)
    return true
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.tabStarted = false
    this.leading = false
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    for (const f of this.stopFns.splice(0)) f()
    this.leadership?.release()
    this.leadership = null
    this.status.setState({ leader: false })
    await this.running?.catch(() => {})
  }
}
