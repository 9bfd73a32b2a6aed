/**
 * An in-memory model of the server with the rules of supabase/migrations as the sync engine relies on them:
 * upsert by client id, last edit by edited_at wins (clamped to server time; ties: later arrival), server-set
 * updated_at from one
 * monotonic clock (the pull cursor), storage upsert by path, row visibility as RLS grants it (participants keep
 * seeing a sold listing), and the error codes 23514 (CHECK), 42501 (RLS).
 *
 * Transactions (migration 20261125114800): every row carries the id of the transaction that last changed it
 * (sync_xid; here one per commit step, the server tick), `horizon()` is the oldest transaction still in flight, and a
 * transaction may commit late (`beginLate` / `commitLate`): its rows carry its start time and id, older than rows
 * committed meanwhile, and realtime says nothing of it. A row's updated_at never goes back (a late change of a row
 * changed meanwhile stamps just after the stored time), as stamp_times does.
 */
import type {
  ConversationRecord,
  Cursor,
  FavoriteRecord,
  ListingImageRecord,
  ListingRecord,
  MessageRecord,
  MyProfileRecord,
  PublicProfileRecord,
} from '@/db/records'
import type { ListingBundle } from '@/db/repositories/mirror'
import type { ConversationWrite, ImageWrite, ListingWrite, MessageWrite, ProfileWrite } from '@/db/rows'
import type {
  ListingSave,
  ListingSaved,
  RealtimeChange,
  Result,
  WindowAsk,
  XidFrom,
  XidKey,
  XidPage,
} from '../protocol'

export const CATEGORIES = ['women', 'men', 'children', 'shoes', 'accessories'] as const
export const CONDITIONS = ['new_with_tags', 'very_good', 'worn_but_loved', 'acceptable'] as const

/** The server's clock starts here (device clocks in the fault suite run behind it, or a month ahead). */
export const EPOCH = Date.parse('2026-01-01T00:00:00.000Z')
/** Server time per commit: longer than the pull lookback, so the model does not re-read every row on every pull. */
const SERVER_TICK_MS = 5_000

const forbidden = (message = 'new row violates row-level security policy'): Result<never> => ({
  ok: false,
  reason: 'forbidden',
  code: '42501',
  message,
})
const check = (message: string): Result<never> => ({ ok: false, reason: 'check_violation', code: '23514', message })

const after = (r: { updated_at: string; id: string }, c: Cursor | null) =>
  !c || r.updated_at > c.updated_at || (r.updated_at === c.updated_at && r.id > c.id)
const byCursor = (a: { updated_at: string; id: string }, b: { updated_at: string; id: string }) =>
  a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

/**
 * A table: rows by id, each with the id of the transaction that last wrote it (`xidOf`), and updated_at that never
 * goes back on a row (a write stamped before the stored time lands 1 ms after it).
 */
export class Table<T extends { id: string; updated_at: string }> extends Map<string, T> {
  private readonly xids = new Map<string, number>()
  constructor(private readonly currentXid: () => number) {
    super()
  }
  override set(id: string, row: T): this {
    const old = this.get(id)
    const stamped =
      old && row !== old && row.updated_at <= old.updated_at && JSON.stringify(row) !== JSON.stringify(old)
        ? { ...row, updated_at: new Date(Date.parse(old.updated_at) + 1).toISOString() }
        : row
    this.xids.set(id, this.currentXid())
    return super.set(id, stamped)
  }
  override delete(id: string): boolean {
    this.xids.delete(id)
    return super.delete(id)
  }
  xidOf(id: string): number {
    return this.xids.get(id) ?? 0
  }
}

const byXid = (a: { xid: number; id: string }, b: { xid: number; id: string }) =>
  a.xid - b.xid || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const CONTENT = [
  'user_id',
  'title',
  'description',
  'price',
  'condition',
  'category',
  'product_type',
  'brand',
  'size',
  'fabric',
  'location',
  'tags',
  'status',
] as const
const sameContent = (a: ListingRecord, b: ListingWrite) =>
  CONTENT.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]))

/** An edit time as the server keeps it: the device's stamp clamped to server time (`at`), and the stamp as sent. */
export interface EditStamp {
  at: string
  sent: string | null
}

/**
 * Last edit wins (migrations 20261122000300, 20261123002200, 20261125150100): the edit time an edit the device stamped
 * `sent` gets when it arrives at server time `now`, or null when the stored edit beats it. Two edits both stamped
 * ahead of the server (the stamp later than its clamped time) are ordered by their device stamps, and the winner's
 * time never goes back (`ahead`); otherwise by the clamped times, ties to the later arrival.
 */
export function editOrder(
  stored: EditStamp | undefined,
  sent: string,
  now: string,
): { at: string; ahead: boolean } | null {
  const at = sent < now ? sent : now
  if (!stored) return { at, ahead: false }
  if (sent > at && stored.sent !== null && stored.sent > stored.at) {
    return sent < stored.sent ? null : { at: at > stored.at ? at : stored.at, ahead: true }
  }
  return at < stored.at ? null : { at, ahead: false }
}

export interface Subscriber {
  userId: string
  deliver(change: RealtimeChange): void
}

export class MemoryServer {
  private tick = 0
  /** The transaction the rows written now belong to. */
  private xid = 0
  /** Transactions begun (their id and start time taken) and not committed yet. */
  private readonly inFlight = new Set<number>()
  /** The late transaction committing now: every now() inside it is its start time (+1 ms per call, for order). */
  private lateCommit: { tick: number; calls: number; waited: boolean } | null = null
  readonly listings = new Table<ListingRecord>(() => this.xid)
  readonly images = new Table<ListingImageRecord>(() => this.xid)
  readonly profiles = new Table<MyProfileRecord>(() => this.xid)
  readonly conversations = new Table<ConversationRecord>(() => this.xid)
  /** Favourites by `${user_id} ${listing_id}` (memory-screen-ops.ts writes them). */
  readonly favourites = new Map<string, FavoriteRecord>()
  readonly messages = new Table<MessageRecord>(() => this.xid)
  /** Transactions that committed after a transaction that began later had committed (the fault suite's report). */
  lateCommits = 0
  readonly storage = new Map<string, { size: number; contentType: string }>()
  readonly subscribers = new Set<Subscriber>()
  /** Writes applied, in order (for tests that inspect arrivals). */
  commits = 0
  /** Listings that were sold at some point (a message refused then is a legitimate failure). */
  readonly everSold = new Set<string>()
  /** listings.images_edited_at: the edit time of each listing's current photo set (not part of the row clients see). */
  readonly imageSetEditedAt = new Map<string, string>()
  /** listings.images_device_edited_at: the device's stamp of that edit, as sent (migration 20261125150100). */
  readonly imageSetSentAt = new Map<string, string>()
  /** listings.device_edited_at: the device's stamp of each listing's edit, as sent (null: none sent since). */
  readonly listingSentAt = new Map<string, string | null>()
  /** public.listing_tombstones: deleted listing id → its seller (deletion is final). */
  readonly tombstones = new Map<string, string>()
  /** Saves of deleted listings skipped (a stale edit or retry from the seller's other device met the tombstone). */
  tombstoneSkips = 0
  /** profiles.edited_at (not part of the row clients see); absent: never edited (any edit wins). */
  readonly profileEditedAt = new Map<string, string>()
  /** profiles.device_edited_at: the device's stamp of that edit, as sent. */
  readonly profileSentAt = new Map<string, string | null>()
  /** Storage deletes, in order (tests check that no file a committed set uses was deleted). */
  readonly deletedFiles: string[] = []

  /** Server time: strictly increasing, one step (and one transaction) per commit; a late commit's start time. */
  now(): string {
    if (this.lateCommit) {
      this.xid = this.lateCommit.tick
      return new Date(EPOCH + this.lateCommit.tick * SERVER_TICK_MS + ++this.lateCommit.calls).toISOString()
    }
    this.xid = ++this.tick
    return new Date(EPOCH + this.tick * SERVER_TICK_MS).toISOString()
  }

  /**
   * A message's created_at (stamp_message_times: the clock when the row is inserted, not the transaction's start):
   * a late transaction inserted at its start, unless it waited for another's row lock and inserted after it.
   */
  private insertClock(): string {
    if (!this.lateCommit?.waited) return this.now()
    this.xid = this.lateCommit.tick
    return new Date(EPOCH + ++this.tick * SERVER_TICK_MS).toISOString()
  }

  /** RPC pull_horizon: the oldest transaction still in flight (every one below it has ended). */
  horizon(): number {
    return Math.min(this.tick + 1, ...this.inFlight)
  }

  /** A transaction begins: its id and start time are taken now, its rows become visible at `commitLate`. */
  beginLate(): number {
    const tick = ++this.tick
    this.inFlight.add(tick)
    return tick
  }

  /**
   * Commits a transaction begun by `beginLate`: `apply` runs now with its start time and id; realtime is not told.
   * @param waited it waited for another transaction's row lock before writing (its inserts are stamped when made).
   */
  commitLate<T>(tick: number, apply: () => T, waited = false): T {
    if (this.tick > tick) this.lateCommits++
    this.lateCommit = { tick, calls: 0, waited }
    try {
      return apply()
    } finally {
      this.lateCommit = null
      this.inFlight.delete(tick)
    }
  }

  addUser(id: string, first_name: string, last_name: string): void {
    const t = this.now()
    this.profiles.set(id, {
      id,
      first_name,
      last_name,
      location: null,
      profile_picture_url: null,
      created_at: t,
      updated_at: t,
      email: `${id}@test`,
      subscription_status: null,
      subscription_start_date: null,
      last_payment_date: null,
    })
  }

  // ---- visibility (RLS) ----
  canSeeListing(me: string | null, l: ListingRecord): boolean {
    if (l.status === 'active' || l.user_id === me) return true
    // Participants keep seeing the listing they talk about after it is sold, and fans the listing they favourited.
    if (me === null) return false
    return (
      this.favourites.has(`${me} ${l.id}`) ||
      [...this.conversations.values()].some((c) => c.listing_id === l.id && (c.buyer_id === me || c.seller_id === me))
    )
  }
  canSeeConversation(me: string, c: ConversationRecord): boolean {
    return c.buyer_id === me || c.seller_id === me
  }
  canSeeMessage(me: string, m: MessageRecord): boolean {
    return m.sender_id === me || m.receiver_id === me
  }

  private publish(change: RealtimeChange): void {
    if (this.lateCommit) return // its realtime events were lost
    for (const s of this.subscribers) {
      const visible =
        change.table === 'listings'
          ? change.deletedId !== undefined || this.canSeeListing(s.userId, change.row)
          : change.table === 'listing_images'
            ? (() => {
                const l = this.listings.get(change.listingId)
                return !!l && this.canSeeListing(s.userId, l)
              })()
            : change.table === 'conversations'
              ? this.canSeeConversation(s.userId, change.row)
              : change.table === 'messages'
                ? this.canSeeMessage(s.userId, change.row)
                : false // the favourites signal goes to its user only (signalUser)
      if (visible) s.deliver(structuredClone(change))
    }
  }

  /**
   * A private signal to one user's devices, as the real stack's `user:<id>` topic (the favourites signal of migration
   * 20261127141500: no row, the device pulls). Lost with a late commit's realtime, as the rest.
   */
  signalUser(userId: string, change: RealtimeChange): void {
    if (this.lateCommit) return
    for (const s of this.subscribers) if (s.userId === userId) s.deliver(structuredClone(change))
  }

  // ---- writes ----
  uploadPhoto(me: string, path: string, blob: Blob, contentType: string): Result<void> {
    if (!path.startsWith(`${me}/`)) return forbidden()
    this.storage.set(path, { size: blob.size, contentType })
    this.commits++
    return { ok: true, value: undefined }
  }

  /** Why Postgres would refuse this listing write (RLS first, then the CHECKs), or null. */
  private listingRefusal(me: string, r: ListingWrite): Result<never> | null {
    if (r.user_id !== me) return forbidden()
    const existing = this.listings.get(r.id)
    if (existing && existing.user_id !== me) return forbidden()
    if (!(r.price > 0 && r.price < 100_000))
      return check('new row for relation "listings" violates check constraint "listings_price_check"')
    if (!(CATEGORIES as readonly string[]).includes(r.category))
      return check('new row for relation "listings" violates check constraint "listings_category_check"')
    if (!(CONDITIONS as readonly string[]).includes(r.condition))
      return check('new row for relation "listings" violates check constraint "listings_condition_check"')
    const title = r.title.trim().length
    if (title < 3 || title > 120)
      return check('new row for relation "listings" violates check constraint "listings_title_check"')
    if (r.status !== 'active' && r.status !== 'sold')
      return check('new row for relation "listings" violates check constraint "listings_status_check"')
    return null
  }

  upsertListings(me: string, rows: ListingWrite[]): Result<ListingRecord[]> {
    for (const r of rows) {
      const refused = this.listingRefusal(me, r)
      if (refused) return refused
    }
    // All rows checked first: a batch is one transaction.
    for (const r of rows) {
      const existing = this.listings.get(r.id)
      const t = this.now()
      const stored = existing ? { at: existing.edited_at, sent: this.listingSentAt.get(r.id) ?? null } : undefined
      // The device's edit time, clamped to server time (a clock running ahead must not win for ever); an upsert
      // whose edited_at is the stored one sends no new stamp.
      const stamped = !existing || r.edited_at !== existing.edited_at
      const order = stamped ? editOrder(stored, r.edited_at, t) : { at: existing.edited_at, ahead: false }
      if (!order) continue // a stale edit: the later edit stays
      let edited_at = order.at
      const sent = stamped ? r.edited_at : stored!.sent
      if (existing && !order.ahead && edited_at === existing.edited_at && !sameContent(existing, r)) edited_at = t
      // An upsert that changes nothing (a retry of a committed save): Postgres keeps the row, updated_at included.
      if (existing && edited_at === existing.edited_at && sameContent(existing, r) && sent === stored!.sent) continue
      const row: ListingRecord = {
        ...structuredClone(r),
        edited_at,
        created_at: existing?.created_at ?? t,
        updated_at: t,
      }
      this.listings.set(r.id, row)
      this.listingSentAt.set(r.id, sent)
      if (row.status === 'sold') this.everSold.add(row.id)
      this.commits++
      this.publish({ table: 'listings', row })
    }
    return { ok: true, value: rows.map((r) => structuredClone(this.listings.get(r.id)!)) }
  }

  /**
   * RPC save_listings (migration 20261123002100): every save checked first (one transaction), then each listing
   * upserted under last-edit-wins and its photo set replaced when the set's edit time is not older than the
   * current one; new photos only with their file in storage (or an external URL). Returns each listing's winning
   * row and set, and the files of dropped images nothing references any more (the caller deletes them).
   */
  saveListings(me: string, saves: ListingSave[]): Result<(ListingSaved & { removed: string[] })[]> {
    const creating = new Set<string>()
    for (const s of saves) {
      // Tombstones (migration 20261123220100): the seller's save of a deleted id is skipped, any other user's
      // insert of it is refused (the BEFORE INSERT trigger, 23505).
      if (this.tombstones.get(s.listing_id) === me) continue
      if (s.listing && this.tombstones.has(s.listing.id))
        return { ok: false, reason: 'rejected', code: '23505', message: `listing ${s.listing.id} was deleted` }
      if (s.listing) {
        const refused = this.listingRefusal(me, s.listing)
        if (refused) return refused
        creating.add(s.listing.id)
      }
      if (s.images) {
        const listing = this.listings.get(s.listing_id)
        if (listing ? listing.user_id !== me : !creating.has(s.listing_id)) return forbidden()
        if (s.images.some((i) => i.image_order < 1))
          return check(
            'new row for relation "listing_images" violates check constraint "listing_images_image_order_check"',
          )
        if (s.images.some((i) => i.image_url.length < 1 || i.image_url.length > 2048))
          return check(
            'new row for relation "listing_images" violates check constraint "listing_images_image_url_check"',
          )
      }
    }
    const answer: (ListingSaved & { removed: string[] })[] = []
    for (const s of saves) {
      if (this.tombstones.get(s.listing_id) === me) {
        this.tombstoneSkips++
        const own = `${me}/${s.listing_id}/`
        answer.push({
          listing: null,
          listing_id: s.listing_id,
          images: [],
          removed: [...new Set((s.images ?? []).map((i) => i.image_url).filter((p) => p.startsWith(own)))],
        })
        continue
      }
      if (s.listing) this.upsertListings(me, [s.listing])
      const removed: string[] = []
      if (s.images) {
        const t = this.now()
        const sent = s.images_edited_at ?? t
        const storedAt = this.imageSetEditedAt.get(s.listing_id)
        const order = editOrder(
          storedAt === undefined ? undefined : { at: storedAt, sent: this.imageSetSentAt.get(s.listing_id) ?? null },
          sent,
          t,
        )
        if (order) {
          const isThere = (i: ImageWrite) =>
            this.images.get(i.id)?.listing_id === s.listing_id ||
            /^https?:\/\//.test(i.image_url) ||
            this.storage.has(i.image_url)
          const kept = s.images.filter(isThere)
          const keep = new Set(kept.map((i) => i.id))
          let changed = false
          for (const [id, img] of this.images) {
            if (img.listing_id === s.listing_id && !keep.has(id)) {
              this.images.delete(id)
              removed.push(img.image_url)
              changed = true
            }
          }
          for (const i of kept) {
            const old = this.images.get(i.id)
            if (old && old.listing_id !== s.listing_id) continue // ON CONFLICT … WHERE same listing: left alone
            if (old && old.image_url === i.image_url && old.image_order === i.image_order) continue
            this.images.set(i.id, {
              id: i.id,
              listing_id: s.listing_id,
              image_url: i.image_url,
              image_order: i.image_order,
              created_at: old?.created_at ?? t,
              updated_at: t,
            })
            changed = true
          }
          this.imageSetEditedAt.set(s.listing_id, order.at)
          this.imageSetSentAt.set(s.listing_id, sent)
          if (changed) {
            const touched = { ...this.listings.get(s.listing_id)!, updated_at: t }
            this.listings.set(s.listing_id, touched)
            this.commits++
            this.publish({ table: 'listing_images', listingId: s.listing_id })
            this.publish({ table: 'listings', row: touched })
          }
        }
      }
      const used = new Set([...this.images.values()].map((i) => i.image_url))
      answer.push({
        listing: structuredClone(this.listings.get(s.listing_id)!),
        images: this.imagesOf(s.listing_id),
        removed: [...new Set(removed)].filter((p) => !/^https?:\/\//.test(p) && !used.has(p)),
      })
    }
    return { ok: true, value: answer }
  }

  /** Storage delete (`storage.remove`): only files under the caller's own folder. */
  removeFiles(me: string, paths: readonly string[]): void {
    for (const p of paths) {
      if (!p.startsWith(`${me}/`) || !this.storage.has(p)) continue
      this.storage.delete(p)
      this.deletedFiles.push(p)
    }
  }

  /** One statement: every row is checked before any is created. */
  createConversations(me: string, rows: ConversationWrite[]): Result<ConversationRecord[]> {
    for (const c of rows) {
      const refused = this.conversationRefusal(me, c)
      if (refused) return refused
    }
    const created: ConversationRecord[] = []
    for (const c of rows) {
      const r = this.createConversation(me, c)
      if (!r.ok) return r
      created.push(r.value)
    }
    return { ok: true, value: created }
  }

  private conversationRefusal(me: string, c: ConversationWrite): Result<never> | null {
    // As Postgres: the BEFORE trigger (seller check), then the insert policy, both before ON CONFLICT, so a retry of
    // a conversation already on the server is refused once its listing is sold.
    if (c.buyer_id !== me) return forbidden()
    const listing = this.listings.get(c.listing_id)
    if (listing && listing.user_id !== c.seller_id)
      return check(
        'new row for relation "conversations" violates check constraint "conversations_seller_is_listing_owner"',
      )
    if (!listing || listing.status !== 'active' || c.buyer_id === c.seller_id) return forbidden()
    return null
  }

  private createConversation(me: string, c: ConversationWrite): Result<ConversationRecord> {
    const refused = this.conversationRefusal(me, c)
    if (refused) return refused
    const same = this.conversations.get(c.id)
    if (same) return { ok: true, value: structuredClone(same) }
    const existing = [...this.conversations.values()].find(
      (x) => x.listing_id === c.listing_id && x.buyer_id === c.buyer_id,
    )
    if (existing) return { ok: true, value: structuredClone(existing) }
    const t = this.now()
    // As Postgres returns it: the read-mark columns (migration 20261123001200) exist, null until a participant reads.
    const row: ConversationRecord = {
      ...c,
      last_message_at: t,
      buyer_last_read_at: null,
      seller_last_read_at: null,
      created_at: t,
      updated_at: t,
    }
    this.conversations.set(c.id, row)
    this.commits++
    this.publish({ table: 'conversations', row })
    return { ok: true, value: structuredClone(row) }
  }

  insertMessages(me: string, rows: MessageWrite[]): Result<MessageRecord[]> {
    for (const m of rows) {
      const conv = this.conversations.get(m.conversation_id)
      if (m.sender_id !== me || !conv || !this.canSeeConversation(me, conv)) return forbidden()
      const other = conv.buyer_id === me ? conv.seller_id : conv.buyer_id
      if (m.receiver_id !== other || m.listing_id !== conv.listing_id) return forbidden()
      // messages_insert_sender: only while the listing is active. RLS is checked before ON CONFLICT, so a retry of
      // a message already on the server is refused too once the listing is sold.
      if (this.listings.get(m.listing_id)?.status !== 'active') return forbidden()
      const content = m.content.trim().length
      if (content < 1 || content > 2000)
        return check('new row for relation "messages" violates check constraint "messages_content_check"')
    }
    for (const m of rows) {
      if (this.messages.has(m.id)) continue // a duplicate id: already there
      const t = this.insertClock()
      const row: MessageRecord = { ...m, created_at: t, updated_at: t }
      this.messages.set(m.id, row)
      const before = this.conversations.get(m.conversation_id)!
      // The bump is an update (stamp_times): the transaction's start time, moved past the stored one.
      const bumped = this.lateCommit ? this.now() : t
      const conv = {
        ...before,
        last_message_at: before.last_message_at && before.last_message_at > t ? before.last_message_at : t,
        updated_at: bumped,
      }
      this.conversations.set(conv.id, conv)
      this.commits++
      this.publish({ table: 'messages', row })
      this.publish({ table: 'conversations', row: conv })
    }
    return { ok: true, value: rows.map((m) => structuredClone(this.messages.get(m.id)!)) }
  }

  /** Last edit by edited_at wins (migration 20261123002200): a stale edit changes nothing and gets the stored row. */
  updateProfile(me: string, p: ProfileWrite): Result<MyProfileRecord> {
    const row = this.profiles.get(p.id)
    if (p.id !== me || !row) return forbidden()
    const { edited_at: sent, ...fields } = p
    for (const k of ['first_name', 'last_name', 'location'] as const) {
      if ((fields[k]?.length ?? 0) > 100)
        return check(`new row for relation "profiles" violates check constraint "profiles_${k}_length"`)
    }
    // profiles_language_code (migration 20261127120000).
    if (fields.language != null && !['de-CH', 'fr-CH', 'it-CH', 'en'].includes(fields.language)) {
      return check('new row for relation "profiles" violates check constraint "profiles_language_code"')
    }
    const t = this.now()
    // A field the edit leaves out stays as stored.
    const changed = (['first_name', 'last_name', 'location', 'language'] as const).some(
      (k) => k in fields && (fields[k] ?? null) !== (row[k] ?? null),
    )
    const edit = this.profileEdit(me, sent, t, changed)
    if (!edit) return { ok: true, value: structuredClone(row) }
    const next = { ...row, ...fields, updated_at: t }
    this.profiles.set(me, next)
    this.commits++
    return { ok: true, value: structuredClone(next) }
  }

  /**
   * profiles_before_update (migrations 20261123002200, 20261125150100): the profile's next edit time for an update
   * the device stamped `sent` (undefined: none sent) that changes the profile's fields or not, stored; or null
   * when the update is stale or changes nothing (the stored row stays, updated_at included).
   */
  profileEdit(me: string, sent: string | undefined, t: string, changed: boolean): string | null {
    const storedAt = this.profileEditedAt.get(me)
    const stored = storedAt === undefined ? undefined : { at: storedAt, sent: this.profileSentAt.get(me) ?? null }
    const stamped = sent !== undefined && sent !== storedAt
    const order = stamped ? editOrder(stored, sent, t) : { at: storedAt, ahead: false }
    if (!order) return null
    let edited = order.at
    const sentNow = stamped ? sent : (stored?.sent ?? null)
    if (!order.ahead && edited === storedAt && changed) edited = t
    if (edited === storedAt && !changed && sentNow === (stored?.sent ?? null)) return null
    // An unstamped change of a profile nobody edited yet counts as an edit made now.
    const at = edited ?? t
    this.profileEditedAt.set(me, at)
    this.profileSentAt.set(me, sentNow)
    return at
  }

  // ---- reads ----
  imagesOf(listingId: string): ListingImageRecord[] {
    return [...this.images.values()]
      .filter((i) => i.listing_id === listingId)
      .sort((a, b) => a.image_order - b.image_order)
      .map((i) => structuredClone(i))
  }

  publicProfile(id: string): PublicProfileRecord | undefined {
    const p = this.profiles.get(id)
    if (!p) return undefined
    const { id: pid, first_name, last_name, location, profile_picture_url, created_at, updated_at } = p
    return { id: pid, first_name, last_name, location, profile_picture_url, created_at, updated_at }
  }

  bundle(listings: ListingRecord[]): ListingBundle {
    const sellers = [...new Set(listings.map((l) => l.user_id))]
      .map((id) => this.publicProfile(id))
      .filter((p) => p !== undefined)
    return {
      listings: listings.map((l) => structuredClone(l)),
      images: listings.flatMap((l) => this.imagesOf(l.id)),
      sellers,
    }
  }

  /** A page of a pull by transaction: rows `visible` to the caller from `from` in (sync_xid, id) order. */
  private sinceXid<T extends { id: string; updated_at: string }>(
    table: Table<T>,
    from: XidFrom,
    limit: number,
    visible: (r: T) => boolean,
  ): { rows: T[]; last: XidKey | null } {
    const keyed = [...table.values()].filter(visible).map((r) => ({ r, xid: table.xidOf(r.id), id: r.id }))
    const { after, since } = from
    const page = keyed
      .filter((k) => (after ? byXid(k, after) > 0 : since === null || k.xid >= since))
      .sort(byXid)
      .slice(0, limit)
    const last = page.at(-1)
    return { rows: page.map((k) => k.r), last: last ? { xid: last.xid, id: last.id } : null }
  }

  pullListingsSince(me: string | null, from: XidFrom, limit: number): XidPage<ListingBundle> {
    const { rows, last } = this.sinceXid(this.listings, from, limit, (l) => this.canSeeListing(me, l))
    return { rows: this.bundle(rows), last }
  }

  /**
   * The window's profiles as migration 20261127120500 computes them: the sellers of the window's listings, the
   * caller's conversation counterparts and the caller.
   */
  windowProfileIds(me: string | null, ask: WindowAsk): Set<string> {
    const ids = new Set(this.windowIds(me, ask).map((id) => this.listings.get(id)!.user_id))
    if (me !== null) {
      ids.add(me)
      for (const c of this.conversations.values()) {
        if (c.buyer_id === me) ids.add(c.seller_id)
        else if (c.seller_id === me) ids.add(c.buyer_id)
      }
    }
    return ids
  }

  pullProfilesSince(me: string | null, from: XidFrom, limit: number, ask: WindowAsk): XidPage<PublicProfileRecord[]> {
    const wanted = this.windowProfileIds(me, ask)
    const { rows, last } = this.sinceXid(this.profiles, from, limit, (p) => wanted.has(p.id))
    return { rows: rows.map((x) => this.publicProfile(x.id)!), last }
  }

  profilesById(ids: readonly string[]): PublicProfileRecord[] {
    return [...new Set(ids)].sort().flatMap((id) => this.publicProfile(id) ?? [])
  }

  pullConversationsSince(me: string, from: XidFrom, limit: number): XidPage<ConversationRecord[]> {
    const { rows, last } = this.sinceXid(this.conversations, from, limit, (x) => this.canSeeConversation(me, x))
    return { rows: rows.map((x) => structuredClone(x)), last }
  }

  pullMessagesSince(me: string, from: XidFrom, limit: number): XidPage<MessageRecord[]> {
    const { rows, last } = this.sinceXid(this.messages, from, limit, (x) => this.canSeeMessage(me, x))
    return { rows: rows.map((x) => structuredClone(x)), last }
  }

  pullListings(me: string | null, c: Cursor | null, limit: number): ListingBundle {
    const rows = [...this.listings.values()]
      .filter((l) => this.canSeeListing(me, l) && after(l, c))
      .sort(byCursor)
      .slice(0, limit)
    return this.bundle(rows)
  }

  /**
   * The window's ids as migration 20261127100000 computes them: every listing created since the oldest of the
   * newest `size` active ones (sold ones too), the caller's
   * own, favourited and talked-about listings and the ids the device names, among those the caller may see.
   */
  windowIds(me: string | null, ask: WindowAsk): string[] {
    const active = [...this.listings.values()]
      .filter((l) => l.status === 'active')
      .sort((a, b) => (a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id < b.id ? 1 : -1))
    const cutoff = active[Math.max(1, ask.size) - 1]?.created_at ?? ''
    const newest = [...this.listings.values()].filter((l) => l.created_at >= cutoff).map((l) => l.id)
    const held =
      me === null
        ? []
        : [
            ...[...this.listings.values()].filter((l) => l.user_id === me).map((l) => l.id),
            ...[...this.favourites.values()].filter((f) => f.user_id === me).map((f) => f.listing_id),
            ...[...this.conversations.values()]
              .filter((c) => c.buyer_id === me || c.seller_id === me)
              .map((c) => c.listing_id),
          ]
    const wanted = new Set([...newest, ...held, ...ask.extra])
    return [...wanted]
      .filter((id) => {
        const l = this.listings.get(id)
        return !!l && this.canSeeListing(me, l)
      })
      .sort()
  }

  pullWindowSince(me: string | null, from: XidFrom, limit: number, ask: WindowAsk): XidPage<ListingBundle> {
    const wanted = new Set(this.windowIds(me, ask))
    const { rows, last } = this.sinceXid(this.listings, from, limit, (l) => wanted.has(l.id))
    return { rows: this.bundle(rows), last }
  }

  /** The listings of these ids the caller may see, with images and sellers. */
  listingsById(me: string | null, ids: readonly string[]): ListingBundle {
    return this.bundle(
      ids.map((id) => this.listings.get(id)).filter((l): l is ListingRecord => !!l && this.canSeeListing(me, l)),
    )
  }

  visibleListingIds(me: string | null): string[] {
    return [...this.listings.values()].filter((l) => this.canSeeListing(me, l)).map((l) => l.id)
  }

  pullConversations(me: string, c: Cursor | null, limit: number): ConversationRecord[] {
    return [...this.conversations.values()]
      .filter((x) => this.canSeeConversation(me, x) && after(x, c))
      .sort(byCursor)
      .slice(0, limit)
      .map((x) => structuredClone(x))
  }

  pullProfiles(c: Cursor | null, limit: number): PublicProfileRecord[] {
    return [...this.profiles.values()]
      .filter((x) => after(x, c))
      .sort(byCursor)
      .slice(0, limit)
      .map((x) => this.publicProfile(x.id)!)
  }

  pullMessages(me: string, c: Cursor | null, limit: number): MessageRecord[] {
    return [...this.messages.values()]
      .filter((x) => this.canSeeMessage(me, x) && after(x, c))
      .sort(byCursor)
      .slice(0, limit)
      .map((x) => structuredClone(x))
  }
}
