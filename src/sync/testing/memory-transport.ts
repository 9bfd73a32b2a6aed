/**
 * A Transport to a MemoryServer with injectable faults, driven step by step by the test:
 * - offline: every call fails as a network error;
 * - dropRequest: the request is lost before the server (network error, nothing applied);
 * - dropResponse: the server commits, the answer is lost (network error);
 * - delay: the request arrives later, after others (network error now; `deliverLate` applies it) — reordering;
 * - duplicate: the server gets the request twice (once now, once later);
 * - realtime: events are dropped or held and delivered out of order by `flushRealtime`;
 * - serverError: 503 or 429 without applying;
 * - an expired token answers 401 until refreshSession().
 */
import type { ListingBundle } from '@/db/repositories/mirror'
import type {
  FailureReason,
  RealtimeChange,
  RealtimeHandlers,
  Result,
  SessionInfo,
  Transport,
} from '../protocol'
import type { MemoryServer } from './memory-server'
import * as screenOps from './memory-screen-ops'
import type { Rng } from './prng'

export interface FaultRates {
  dropRequest: number
  dropResponse: number
  delay: number
  duplicate: number
  dropRealtime: number
  /** 5xx or 429 before the server applies anything. */
  serverError: number
}

export const NO_FAULTS: FaultRates = { dropRequest: 0, dropResponse: 0, delay: 0, duplicate: 0, dropRealtime: 0, serverError: 0 }

const networkError = <T>(): Result<T> => ({ ok: false, reason: 'network' as FailureReason, message: 'Failed to fetch' })

/** Requests that reached the server late, shared by all transports of one server. */
export class LateDeliveries {
  private queue: (() => void)[] = []
  add(apply: () => void): void {
    this.queue.push(apply)
  }
  /** Applies a random subset of held requests in random order (all when `all`). */
  deliver(rng: Rng, all = false): number {
    let n = 0
    while (this.queue.length) {
      if (!all && !rng.chance(0.5)) break
      const [apply] = this.queue.splice(rng.int(this.queue.length), 1)
      apply!()
      n++
    }
    return n
  }
  get size(): number {
    return this.queue.length
  }
}

export class MemoryTransport implements Transport {
  online = true
  tokenValid = true
  faults: FaultRates = NO_FAULTS
  /** Set to stop answering for ever (a crashed tab's transport). */
  dead = false
  /** The tab dies right after the next write reached the server (committed), before its answer: `died` resolves. */
  dieAfterNextWrite = false
  private onDeath: () => void = () => {}
  readonly died = new Promise<void>((resolve) => (this.onDeath = resolve))
  private handlers: RealtimeHandlers | null = null
  private heldEvents: RealtimeChange[] = []
  private readonly subscriber = { userId: '', deliver: (c: RealtimeChange) => this.receive(c) }
  calls = 0

  constructor(
    private readonly server: MemoryServer,
    readonly userId: string,
    private readonly rng: Rng,
    private readonly late: LateDeliveries = new LateDeliveries(),
  ) {
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
  private async write<T>(apply: () => Result<T>): Promise<Result<T>> {
    this.calls++
    await Promise.resolve()
    if (this.dead || !this.online) return networkError()
    if (!this.tokenValid) return { ok: false, reason: 'unauthorized', code: 'PGRST303', message: 'JWT expired' }
    if (this.rng.chance(this.faults.dropRequest)) return networkError()
    if (this.rng.chance(this.faults.serverError)) {
      return this.rng.chance(0.5)
        ? { ok: false, reason: 'server', code: '503', message: 'Service Unavailable' }
        : { ok: false, reason: 'rate_limited', code: '429', message: 'Too Many Requests' }
    }
    if (this.rng.chance(this.faults.delay)) {
      this.late.add(() => void apply())
      return networkError()
    }
    const result = apply()
    if (this.dieAfterNextWrite) {
      this.dead = true
      this.onDeath()
      return networkError()
    }
    if (this.rng.chance(this.faults.duplicate)) this.late.add(() => void apply())
    if (this.rng.chance(this.faults.dropResponse)) return networkError()
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
    this.tokenValid = true
    return { ok: true, value: { userId: this.userId } }
  }

  uploadPhoto(path: string, blob: Blob, contentType: string) {
    return this.write(() => this.server.uploadPhoto(this.userId, path, blob, contentType))
  }
  async saveListings(saves: Parameters<Transport['saveListings']>[0]): ReturnType<Transport['saveListings']> {
    const copy = structuredClone(saves)
    const r = await this.write(() => this.server.saveListings(this.userId, copy))
    if (!r.ok) return r
    // As the Supabase transport: the files of dropped images go after the commit, once the answer is in (a lost
    // answer leaves them behind: an orphan file, never a broken image).
    const removed = r.value.flatMap((x) => x.removed)
    if (removed.length) this.server.removeFiles(this.userId, removed)
    return { ok: true, value: r.value.map(({ listing, images }) => ({ listing, images })) }
  }
  createConversations(rows: Parameters<Transport['createConversations']>[0]) {
    const copy = structuredClone(rows)
    return this.write(() => this.server.createConversations(this.userId, copy))
  }
  insertMessages(rows: Parameters<Transport['insertMessages']>[0]) {
    const copy = structuredClone(rows)
    return this.write(() => this.server.insertMessages(this.userId, copy))
  }
  updateProfile(p: Parameters<Transport['updateProfile']>[0]) {
    const copy = structuredClone(p)
    return this.write(() => this.server.updateProfile(this.userId, copy))
  }

  findMessages(ids: string[]) {
    return this.read(() => ids.map((id) => this.server.messages.get(id)).filter((m) => m !== undefined && this.server.canSeeMessage(this.userId, m)).map((m) => structuredClone(m!)))
  }
  findConversations(rows: Parameters<Transport['findConversations']>[0]) {
    return this.read(() =>
      rows
        .map((c) => this.server.conversations.get(c.id) ?? [...this.server.conversations.values()].find((x) => x.listing_id === c.listing_id && x.buyer_id === c.buyer_id))
        .filter((c) => c !== undefined && this.server.canSeeConversation(this.userId, c))
        .map((c) => structuredClone(c!)),
    )
  }

  pullListings(after: Parameters<Transport['pullListings']>[0], limit: number) {
    return this.read(() => this.server.pullListings(this.userId, after, limit))
  }
  visibleListingIds() {
    return this.read(() => this.server.visibleListingIds(this.userId))
  }
  fetchListing(id: string): Promise<Result<ListingBundle | null>> {
    return this.read(() => {
      const l = this.server.listings.get(id)
      return l && this.server.canSeeListing(this.userId, l) ? this.server.bundle([l]) : null
    })
  }
  pullConversations(after: Parameters<Transport['pullConversations']>[0], limit: number) {
    return this.read(() => this.server.pullConversations(this.userId, after, limit))
  }
  pullProfiles(after: Parameters<Transport['pullProfiles']>[0], limit: number) {
    return this.read(() => this.server.pullProfiles(after, limit))
  }
  pullMessages(after: Parameters<Transport['pullMessages']>[0], limit: number) {
    return this.read(() => this.server.pullMessages(this.userId, after, limit))
  }
  fetchMyProfile() {
    return this.read(() => structuredClone(this.server.profiles.get(this.userId) ?? null))
  }

  // ---- the screens' operations (memory-screen-ops.ts) ----
  setFavorite(userId: string, listingId: string, favourite: boolean, createdAt: string) {
    return this.write(() => screenOps.setFavorite(this.server, this.userId, userId, listingId, favourite, createdAt))
  }
  pullFavorites() {
    return this.read(() => screenOps.pullFavorites(this.server, this.userId))
  }
  deleteListing(listingId: string, paths: string[]) {
    const copy = [...paths]
    return this.write(() => screenOps.deleteListing(this.server, this.userId, listingId, copy))
  }
  setProfilePicture(userId: string, url: string) {
    return this.write(() => screenOps.setProfilePicture(this.server, this.userId, userId, url))
  }
  markConversationRead(conversationId: string, readAt: string) {
    return this.write(() => screenOps.markConversationRead(this.server, this.userId, conversationId, readAt))
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
