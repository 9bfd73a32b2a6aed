/**
 * The sync Transport over supabase-js: PostgREST for rows, storage for photos, realtime for pokes. Loaded lazily
 * by the engine (docs/architecture.md §1 rule 8). Every write is idempotent: upserts by client id, storage upserts to
 * deterministic paths, conversations created with ON CONFLICT DO NOTHING on (listing_id, buyer_id).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ConversationRecord, Cursor, FavoriteRecord, ListingImageRecord, MessageRecord, MyProfileRecord, PublicProfileRecord } from '@/db/records'
import type { ListingBundle } from '@/db/repositories/mirror'
import type { ConversationWrite, MessageWrite, ProfileWrite, PushSubscriptionWrite } from '@/db/rows'
import type { ListingSave, ListingSaved, RealtimeHandlers, Result, SessionInfo, Transport, WindowAsk, XidFrom, XidKey, XidPage } from '@/sync/protocol'
import { STORAGE_BUCKET } from '@/domain/constants'
import { cardImagePath } from '@/domain/photos'
import type { ServerSearchFilter, ServerSearchPage } from '@/domain/search-query'
import { cachedSessionUser } from './cached-session'
import { fromAuth, fromPostgrest, fromStorage } from './errors'
import { PUBLIC_PROFILE_COLUMNS, toConversation, toFavorite, toImage, toListing, toMessage, toMyProfile, toPublicProfile } from './rows'

/** Rows per page when listing visible ids. */
const ID_PAGE = 1000

type Row = Record<string, unknown>
interface PgResult<T> {
  data: T | null
  error: { code?: string | null; message?: string | null } | null
  status: number
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value })

/** Runs a query and maps its rows (or single row) with `map`. */
async function rows<T>(q: PromiseLike<PgResult<Row[]>>, map: (r: Row) => T): Promise<Result<T[]>> {
  const r = await run<Row[]>(q)
  return r.ok ? ok(r.value.map(map)) : r
}

async function maybeRow<T>(q: PromiseLike<PgResult<Row | null>>, map: (r: Row) => T): Promise<Result<T | null>> {
  const r = await run<Row | null>(q)
  return r.ok ? ok(r.value ? map(r.value) : null) : r
}

async function run<T>(q: PromiseLike<PgResult<T>>): Promise<Result<T>> {
  try {
    const r = await q
    return r.error ? fromPostgrest(r.error, r.status) : ok(r.data as T)
  } catch (e) {
    return { ok: false, reason: 'network', message: (e as Error).message }
  }
}

/** Adds the keyset condition (updated_at, id) > cursor. An empty id means "from this time on" (the lookback). */
function afterCursor<Q extends { gte(c: string, v: string): Q; or(f: string): Q }>(q: Q, after: Cursor | null): Q {
  if (!after) return q
  if (after.id === '') return q.gte('updated_at', after.updated_at)
  return q.or(`updated_at.gt.${after.updated_at},and(updated_at.eq.${after.updated_at},id.gt.${after.id})`)
}

/**
 * Adds the pull-by-transaction condition (migration 20261125114800): after `after` in (sync_xid, id) order, else every
 * row of a transaction from `since` on.
 */
function fromXid<Q extends { gte(c: string, v: number): Q; or(f: string): Q }>(q: Q, from: XidFrom): Q {
  if (from.after) return q.or(`sync_xid.gt.${from.after.xid},and(sync_xid.eq.${from.after.xid},id.gt.${from.after.id})`)
  return from.since === null ? q : q.gte('sync_xid', from.since)
}

/** The (sync_xid, id) place of the last raw row of a page (read before the mappers drop sync_xid). */
function lastKey(rows: readonly Row[]): XidKey | null {
  const r = rows[rows.length - 1]
  return r ? { xid: Number(r.sync_xid), id: String(r.id) } : null
}

/** One element of the RPC save_listings' answer (migration 20261123002100). */
interface SavedRow {
  /** null: the listing was deleted and the save skipped (tombstones, migration 20261123220100). */
  listing: Row | null
  listing_id?: string
  images: Row[]
  removed?: string[]
}

/** Seconds or an HTTP date (RFC 9110 §10.2.3) → ms from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/**
 * supabase-js does not hand response headers to its callers: this fetch (the client's `global.fetch`) keeps the
 * `Retry-After` of the last 429/5xx answer for the transport, which attaches it to the failure it maps.
 */
export class RetryAfterLog {
  private last: number | undefined
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const res = await globalThis.fetch(input, init)
    if (res.status === 429 || res.status >= 500) this.last = parseRetryAfter(res.headers.get('retry-after'), Date.now())
    return res
  }
  /** The last Retry-After seen, once. */
  take(): number | undefined {
    const v = this.last
    this.last = undefined
    return v
  }
}

/** Storage paths with each photo's card image beside it (docs/decisions.md#D-card-images: `{stem}.card.webp`), deduplicated: a photo's
 * files go together. Removing a card that was never uploaded is a no-op. */
export function withCardImages(paths: readonly string[]): string[] {
  return [...new Set(paths.flatMap((p) => [p, cardImagePath(p)].filter((x): x is string => !!x)))]
}

/** A listing row with its images and its seller's public profile, in one request (see bundleOf). */
export const LISTING_BUNDLE_SELECT = `*, listing_images(*), profiles(${PUBLIC_PROFILE_COLUMNS})`
/** Listings per embedded request: 100 × (1 + up to 10 photos + 1 seller) rows stays well under the work cap. */
const EMBEDDED_LISTINGS_PER_REQUEST = 100

const byImageOrder = (a: ListingImageRecord, b: ListingImageRecord) => a.image_order - b.image_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** Rows of `LISTING_BUNDLE_SELECT` → the mirror's bundle: the embedded keys never reach a listing record. */
export function bundleOf(rows: readonly Row[]): ListingBundle {
  const bundle: ListingBundle = { listings: [], images: [], sellers: [] }
  const sellers = new Set<string>()
  for (const { listing_images, profiles, ...row } of rows) {
    bundle.listings.push(toListing(row))
    if (Array.isArray(listing_images)) bundle.images.push(...(listing_images as Row[]).map(toImage).sort(byImageOrder))
    const seller = profiles as Row | null | undefined
    if (seller && typeof seller.id === 'string' && !sellers.has(seller.id)) {
      sellers.add(seller.id)
      bundle.sellers.push(toPublicProfile(seller))
    }
  }
  return bundle
}

/** GoTrue's codes for a refresh that can never succeed: the session or its refresh token is gone on the server. */
const SESSION_GONE = new Set(['refresh_token_not_found', 'session_not_found', 'session_expired', 'user_not_found', 'refresh_token_already_used'])

export class SupabaseTransport implements Transport {
  constructor(
    private readonly client: SupabaseClient,
    private readonly retryAfter?: RetryAfterLog,
  ) {}

  /** A write's result, with the server's Retry-After on a 429/5xx failure. */
  private async write<T>(pending: Promise<Result<T>>): Promise<Result<T>> {
    return this.tagged(await pending)
  }

  private tagged<T>(r: Result<T>): Result<T> {
    if (r.ok || (r.reason !== 'server' && r.reason !== 'rate_limited')) return r
    const retryAfterMs = this.retryAfter?.take()
    return retryAfterMs === undefined ? r : { ...r, retryAfterMs }
  }

  /** From supabase-js's stored session, never the network (an expired token offline is still the user's). */
  async session(): Promise<SessionInfo | null> {
    const user = await cachedSessionUser(this.client.auth)
    return user ? { userId: user.userId } : null
  }

  async refreshSession(): Promise<Result<SessionInfo>> {
    try {
      const { data, error } = await this.client.auth.refreshSession()
      if (error) {
        // The server no longer knows the session (signed out everywhere, token revoked): it has ended, even while
        // the access token is still valid (supabase-js keeps the session then). Dropping it locally tells the app
        // (a signed-out event), which clears the user's private rows.
        if (SESSION_GONE.has((error as { code?: string }).code ?? '')) await this.client.auth.signOut({ scope: 'local' }).catch(() => undefined)
        return fromAuth(error)
      }
      if (!data.session) return { ok: false, reason: 'unauthorized', message: 'Auth session missing!' }
      return ok({ userId: data.session.user.id })
    } catch (e) {
      return { ok: false, reason: 'network', message: (e as Error).message }
    }
  }

  async uploadPhoto(path: string, blob: Blob, contentType: string): Promise<Result<void>> {
    try {
      const { error } = await this.client.storage.from(STORAGE_BUCKET).upload(path, blob, { upsert: true, contentType })
      return error ? this.tagged(fromStorage(error as never)) : ok(undefined)
    } catch (e) {
      return { ok: false, reason: 'network', message: (e as Error).message }
    }
  }

  async saveListings(saves: ListingSave[]): Promise<Result<ListingSaved[]>> {
    const r = await this.write(run<SavedRow[]>(this.client.rpc('save_listings', { saves })))
    if (!r.ok) return r
    // The files of images the saves dropped, and nothing uses any more, go only now that the sets are committed
    // (best-effort: a lost delete leaves an orphan file, never a broken image).
    const removed = withCardImages(r.value.flatMap((x) => x.removed ?? []))
    if (removed.length) await this.client.storage.from(STORAGE_BUCKET).remove(removed).catch(() => undefined)
    return ok(r.value.map((x, i): ListingSaved => (x.listing === null
      ? { listing: null, listing_id: x.listing_id ?? saves[i]!.listing_id, images: [] }
      : { listing: toListing(x.listing), images: x.images.map(toImage) })))
  }

  async createConversations(cs: ConversationWrite[]): Promise<Result<ConversationRecord[]>> {
    // ON CONFLICT (listing_id, buyer_id) DO NOTHING returns only the rows it inserted; the others already existed
    // (a retry, or the same conversation opened first on another device) and are read back.
    const ins = await rows(this.client.from('conversations').upsert(cs, { onConflict: 'listing_id,buyer_id', ignoreDuplicates: true }).select(), toConversation)
    if (!ins.ok && ins.code !== '23505') return this.tagged(ins)
    const key = (c: ConversationWrite) => `${c.listing_id} ${c.buyer_id}`
    const found = new Map((ins.ok ? ins.value : []).map((c) => [key(c), c]))
    const missing = cs.filter((c) => !found.has(key(c)))
    for (const buyer of new Set(missing.map((c) => c.buyer_id))) {
      const listings = missing.filter((c) => c.buyer_id === buyer).map((c) => c.listing_id)
      const again = await rows(this.client.from('conversations').select('*').eq('buyer_id', buyer).in('listing_id', listings), toConversation)
      if (!again.ok) return again
      for (const c of again.value) found.set(key(c), c)
    }
    const result = cs.map((c) => found.get(key(c)))
    if (result.some((c) => c === undefined)) return { ok: false, reason: 'forbidden', code: '42501', message: 'conversation not visible' }
    return ok(result as ConversationRecord[])
  }

  async insertMessages(messages: MessageWrite[]): Promise<Result<MessageRecord[]>> {
    // Inserted rows come back at once; ids already on the server (a retry after a lost answer) are read back.
    const ins = await rows(this.client.from('messages').upsert(messages, { onConflict: 'id', ignoreDuplicates: true }).select(), toMessage)
    if (!ins.ok) return this.tagged(ins)
    const byId = new Map(ins.value.map((m) => [m.id, m]))
    const missing = messages.map((m) => m.id).filter((id) => !byId.has(id))
    if (missing.length) {
      const again = await rows(this.client.from('messages').select('*').in('id', missing), toMessage)
      if (!again.ok) return again
      for (const m of again.value) byId.set(m.id, m)
    }
    return ok(messages.map((m) => byId.get(m.id)).filter((m) => m !== undefined))
  }

  findMessages(ids: string[]): Promise<Result<MessageRecord[]>> {
    return rows(this.client.from('messages').select('*').in('id', ids), toMessage)
  }

  async findConversations(cs: ConversationWrite[]): Promise<Result<ConversationRecord[]>> {
    const found: ConversationRecord[] = []
    for (const c of cs) {
      const r = await rows(
        this.client.from('conversations').select('*').or(`id.eq.${c.id},and(listing_id.eq.${c.listing_id},buyer_id.eq.${c.buyer_id})`).limit(1),
        toConversation,
      )
      if (!r.ok) return r
      found.push(...r.value)
    }
    return ok(found)
  }

  async updateProfile(p: ProfileWrite): Promise<Result<MyProfileRecord>> {
    const { id, ...fields } = p
    const up = await run<Row[]>(this.client.from('profiles').update(fields).eq('id', id).select('id'))
    if (!up.ok) return this.tagged(up)
    if (up.value.length === 0) return { ok: false, reason: 'forbidden', code: '42501', message: 'profile not updatable' }
    const me = await this.fetchMyProfile()
    if (!me.ok) return me
    return me.value ? ok(me.value) : { ok: false, reason: 'forbidden', code: '42501', message: 'profile not visible' }
  }

  /**
   * Listings with their images and sellers embedded (one PostgREST request per page instead of a listings
   * request followed by images and profiles requests, one round trip after the other: a cold visit's first cards
   * waited on the whole chain, LCP).
   */
  private async embeddedListings(q: PromiseLike<PgResult<Row[]>>): Promise<Result<ListingBundle>> {
    const r = await run<Row[]>(q)
    return r.ok ? ok(bundleOf(r.value)) : r
  }

  async pullListings(after: Cursor | null, limit: number): Promise<Result<ListingBundle>> {
    // Sub-pages keep each request inside the stack's per-request work cap (rows visited across the embeds).
    const out: ListingBundle = { listings: [], images: [], sellers: [] }
    let cursor = after
    while (out.listings.length < limit) {
      const size = Math.min(EMBEDDED_LISTINGS_PER_REQUEST, limit - out.listings.length)
      const q = afterCursor(this.client.from('listings').select(LISTING_BUNDLE_SELECT), cursor).order('updated_at').order('id').limit(size)
      const page = await this.embeddedListings(q)
      if (!page.ok) return page
      out.listings.push(...page.value.listings)
      out.images.push(...page.value.images)
      out.sellers.push(...page.value.sellers.filter((s) => !out.sellers.some((x) => x.id === s.id)))
      if (page.value.listings.length < size) break
      const lastRow = page.value.listings[page.value.listings.length - 1]!
      cursor = { updated_at: lastRow.updated_at, id: lastRow.id }
    }
    return ok(out)
  }

  async pullHorizon(): Promise<Result<number>> {
    const r = await run<number | string>(this.client.rpc('pull_horizon', {}, { get: true }))
    return r.ok ? ok(Number(r.value)) : r
  }

  async pullListingsSince(from: XidFrom, limit: number): Promise<Result<XidPage<ListingBundle>>> {
    return this.bundlePagesSince(from, limit, (at, size) =>
      fromXid(this.client.from('listings').select(LISTING_BUNDLE_SELECT), at).order('sync_xid').order('id').limit(size),
    )
  }

  // ---- the device's window (migration 20261127100000_listing_window) ----

  async pullWindowSince(from: XidFrom, limit: number, ask: WindowAsk): Promise<Result<XidPage<ListingBundle>>> {
    // The window's ids go in the POST body.
    return this.bundlePagesSince(from, limit, (at, size) => {
      const args = { p_window: ask.size, p_extra: ask.extra, p_since: at.since, p_after_xid: at.after?.xid ?? null, p_after_id: at.after?.id ?? null, p_limit: size }
      return this.client.rpc('window_listings', args).select(LISTING_BUNDLE_SELECT) as unknown as PromiseLike<PgResult<Row[]>>
    })
  }

  /**
   * Listing bundles from `from` in (sync_xid, id) order, asked in sub-pages of EMBEDDED_LISTINGS_PER_REQUEST (the
   * stack's per-request work cap counts every embedded row) until `limit` listings or a short page.
   */
  private async bundlePagesSince(
    from: XidFrom,
    limit: number,
    request: (at: XidFrom, size: number) => PromiseLike<PgResult<Row[]>>,
  ): Promise<Result<XidPage<ListingBundle>>> {
    const out: ListingBundle = { listings: [], images: [], sellers: [] }
    let at = from
    let last: XidKey | null = null
    while (out.listings.length < limit) {
      const size = Math.min(EMBEDDED_LISTINGS_PER_REQUEST, limit - out.listings.length)
      const r = await run<Row[]>(request(at, size))
      if (!r.ok) return r
      const page = bundleOf(r.value)
      out.listings.push(...page.listings)
      out.images.push(...page.images)
      out.sellers.push(...page.sellers.filter((s) => !out.sellers.some((x) => x.id === s.id)))
      last = lastKey(r.value) ?? last
      if (page.listings.length < size) break
      at = { since: from.since, after: last }
    }
    return ok({ rows: out, last })
  }

  async windowListingIds(ask: WindowAsk): Promise<Result<string[]>> {
    const ids: string[] = []
    for (;;) {
      const args = { p_window: ask.size, p_extra: ask.extra, p_after: ids[ids.length - 1] ?? null, p_limit: ID_PAGE }
      const r = await run<{ id: string }[]>(this.client.rpc('window_listing_ids', args))
      if (!r.ok) return r
      ids.push(...r.value.map((x) => x.id))
      if (r.value.length < ID_PAGE) return ok(ids)
    }
  }

  fetchListings(ids: string[]): Promise<Result<ListingBundle>> {
    return this.embeddedListings(this.client.from('listings').select(LISTING_BUNDLE_SELECT).in('id', ids).order('id'))
  }

  pullProfilesSince(from: XidFrom, limit: number): Promise<Result<XidPage<PublicProfileRecord[]>>> {
    return this.xidPage(fromXid(this.client.from('profiles').select(`${PUBLIC_PROFILE_COLUMNS}, sync_xid`), from).order('sync_xid').order('id').limit(limit), toPublicProfile)
  }

  pullConversationsSince(from: XidFrom, limit: number): Promise<Result<XidPage<ConversationRecord[]>>> {
    return this.xidPage(fromXid(this.client.from('conversations').select('*'), from).order('sync_xid').order('id').limit(limit), toConversation)
  }

  pullMessagesSince(from: XidFrom, limit: number): Promise<Result<XidPage<MessageRecord[]>>> {
    return this.xidPage(fromXid(this.client.from('messages').select('*'), from).order('sync_xid').order('id').limit(limit), toMessage)
  }

  private async xidPage<T>(q: PromiseLike<PgResult<Row[]>>, map: (r: Row) => T): Promise<Result<XidPage<T[]>>> {
    const r = await run<Row[]>(q)
    return r.ok ? ok({ rows: r.value.map(map), last: lastKey(r.value) }) : r
  }

  visibleListingIds(): Promise<Result<string[]>> {
    return this.visibleIds('listings')
  }

  visibleConversationIds(): Promise<Result<string[]>> {
    return this.visibleIds('conversations')
  }

  /** Every id of `table` the user may see (RLS), in pages. */
  private async visibleIds(table: 'listings' | 'conversations'): Promise<Result<string[]>> {
    const ids: string[] = []
    for (;;) {
      let q = this.client.from(table).select('id').order('id').limit(ID_PAGE)
      if (ids.length) q = q.gt('id', ids[ids.length - 1]!)
      const r = await run<{ id: string }[]>(q)
      if (!r.ok) return r
      ids.push(...r.value.map((x) => x.id))
      if (r.value.length < ID_PAGE) return ok(ids)
    }
  }

  async fetchListing(id: string): Promise<Result<ListingBundle | null>> {
    const r = await this.embeddedListings(this.client.from('listings').select(LISTING_BUNDLE_SELECT).eq('id', id).limit(1))
    if (!r.ok) return r
    return r.value.listings.length ? r : ok(null)
  }

  pullConversations(after: Cursor | null, limit: number): Promise<Result<ConversationRecord[]>> {
    return rows(afterCursor(this.client.from('conversations').select('*'), after).order('updated_at').order('id').limit(limit), toConversation)
  }

  pullProfiles(after: Cursor | null, limit: number): Promise<Result<PublicProfileRecord[]>> {
    return rows(afterCursor(this.client.from('profiles').select(PUBLIC_PROFILE_COLUMNS), after).order('updated_at').order('id').limit(limit), toPublicProfile)
  }

  pullMessages(after: Cursor | null, limit: number): Promise<Result<MessageRecord[]>> {
    return rows(afterCursor(this.client.from('messages').select('*'), after).order('updated_at').order('id').limit(limit), toMessage)
  }

  fetchMyProfile(): Promise<Result<MyProfileRecord | null>> {
    return maybeRow(this.client.from('my_profile').select('*').maybeSingle(), toMyProfile)
  }

  // ---- the screens' operations (sync/kinds/: favourite-set, listing-delete, profile-picture, conversation-read) ----

  // The caller is the user (RPC set_favourite writes auth.uid()'s row): `userId` names whose entry it is.
  async setFavorite(_userId: string, listingId: string, favourite: boolean, createdAt: string, editedAt?: string): Promise<Result<void>> {
    const r = await run(this.client.rpc('set_favourite', { p_listing_id: listingId, p_favourite: favourite, p_created_at: createdAt, p_edited_at: editedAt ?? null }))
    return r.ok ? ok(undefined) : r
  }

  pullFavorites(): Promise<Result<FavoriteRecord[]>> {
    return rows(this.client.from('favorites').select('user_id, listing_id, created_at').order('created_at'), toFavorite)
  }

  async deleteListing(listingId: string, paths: string[]): Promise<Result<void>> {
    const images = await run<Row[]>(this.client.from('listing_images').select('image_url').eq('listing_id', listingId))
    if (!images.ok) return images
    // The row first (its image rows, conversations and messages go with it): a file is never removed while a
    // visible listing still shows it. A retry after a lost answer finds no image rows, so the device's paths count.
    const del = await run(this.client.from('listings').delete().eq('id', listingId))
    if (!del.ok) return del
    const files = withCardImages([...images.value.map((x) => String(x.image_url)), ...paths].filter((p) => p && !/^https?:\/\//i.test(p)))
    if (!files.length) return ok(undefined)
    try {
      const { error } = await this.client.storage.from(STORAGE_BUCKET).remove(files)
      return error ? fromStorage(error as never) : ok(undefined)
    } catch (e) {
      return { ok: false, reason: 'network', message: (e as Error).message }
    }
  }

  async setPushSubscription(s: PushSubscriptionWrite, subscribed: boolean): Promise<Result<void>> {
    // Adding: the server's trigger replaces any row of the endpoint, so a retry is no conflict (ignoreDuplicates only
    // covers two adds racing). Removing: RLS limits the delete to the caller's own row.
    const q = subscribed
      ? this.client
          .from('push_subscriptions')
          .upsert({ user_id: s.user_id, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth }, { onConflict: 'endpoint', ignoreDuplicates: true })
      : this.client.from('push_subscriptions').delete().eq('endpoint', s.endpoint)
    const r = await run(q)
    return r.ok ? ok(undefined) : this.tagged(r)
  }

  async removeFiles(paths: string[]): Promise<Result<void>> {
    try {
      const { error } = await this.client.storage.from(STORAGE_BUCKET).remove(paths)
      return error ? this.tagged(fromStorage(error as never)) : ok(undefined)
    } catch (e) {
      return { ok: false, reason: 'network', message: (e as Error).message }
    }
  }

  async setProfilePicture(userId: string, url: string, editedAt: string): Promise<Result<MyProfileRecord>> {
    const before = await run<Row | null>(this.client.from('profiles').select('profile_picture_url').eq('id', userId).maybeSingle())
    if (!before.ok) return before
    // The trigger of migration 20261123002200 keeps the stored row when this edit is older than the last one.
    const up = await run<Row[]>(this.client.from('profiles').update({ profile_picture_url: url, edited_at: editedAt }).eq('id', userId).select('id'))
    if (!up.ok) return this.tagged(up)
    if (up.value.length === 0) return { ok: false, reason: 'forbidden', code: '42501', message: 'profile not updatable' }
    const me = await this.fetchMyProfile()
    if (!me.ok) return me
    if (!me.value) return { ok: false, reason: 'forbidden', code: '42501', message: 'profile not visible' }
    // The file the profile no longer shows, best-effort (an orphan costs storage, never correctness): the previous
    // picture when this edit won, this edit's own upload when a later edit won.
    const shown = me.value.profile_picture_url
    const old = before.value?.profile_picture_url
    const unused = shown === url ? old : url
    if (typeof unused === 'string' && unused !== shown && unused.startsWith(`${userId}/`)) {
      await this.client.storage.from(STORAGE_BUCKET).remove([unused]).catch(() => undefined)
    }
    return ok(me.value)
  }

  async markConversationRead(conversationId: string, readAt: string): Promise<Result<ConversationRecord | null>> {
    const r = await run<Row[]>(this.client.rpc('mark_conversation_read', { p_conversation_id: conversationId, p_read_at: readAt }))
    if (!r.ok) return r
    const row = Array.isArray(r.value) ? r.value[0] : (r.value as Row | null)
    return ok(row ? toConversation(row) : null)
  }

  /**
   * A visitor listens to the public tables only; signed in, also to the user's conversations and messages. The
   * channel is replaced when the user signs in or out, so the engine started for a visitor gets the private
   * changes after a sign-in without a reload.
   *
   * Listings: not every change of the catalogue, only what the device holds (`handlers.watched`): new active
   * listings (the feed's "new listings" signal; they belong to the newest window), changes of listings created
   * since the device's window begins, and changes of the older ones it keeps, named in `in` filters of at most
   * REALTIME_IN_FILTER_MAX ids, at most REALTIME_WATCH_BINDINGS of them; deletes carry only an id and cannot be
   * filtered on hosted Supabase.
   */
  subscribe(handlers: RealtimeHandlers): () => void {
    let channel: ReturnType<SupabaseClient['channel']> | null = null
    let listening: boolean | null = null
    let closed = false
    const open = async (signedIn: boolean) => {
      if (closed || signedIn === listening) return
      listening = signedIn
      const watch = handlers.watched ? await handlers.watched().catch(() => null) : null
      if (closed || listening !== signedIn) return
      if (channel) void this.client.removeChannel(channel)
      const current = this.client.channel(`kreis-sync-${crypto.randomUUID()}`)
      const onRow = (p: { eventType: string; new: unknown; old: unknown }) => {
        if (p.eventType === 'DELETE') handlers.onChange({ table: 'listings', deletedId: String((p.old as Row).id) })
        else handlers.onChange({ table: 'listings', row: toListing(p.new as Row), ...(p.eventType === 'INSERT' ? { inserted: true } : {}) })
      }
      if (!watch) {
        current.on('postgres_changes', { event: '*', schema: 'public', table: 'listings' }, onRow)
        current.on('postgres_changes', { event: '*', schema: 'public', table: 'listing_images' }, (p) => {
          const row = (p.eventType === 'DELETE' ? p.old : p.new) as Row
          handlers.onChange({ table: 'listing_images', listingId: String(row.listing_id ?? '') })
        })
      } else {
        // An image change reaches the device as its listing's change (the trigger touches the listing): a pull
        // follows each change, as it followed an image event, and brings the set.
        const onWatched = (p: { eventType: string; new: unknown; old: unknown }) => {
          onRow(p)
          if (p.eventType === 'UPDATE') handlers.onChange({ table: 'listing_images', listingId: String((p.new as Row).id) })
        }
        for (const filter of listingWatchFilters(watch)) current.on('postgres_changes', { event: filter.event, schema: 'public', table: 'listings', ...(filter.filter ? { filter: filter.filter } : {}) } as never, onWatched)
      }
      if (signedIn) {
        current
          .on('postgres_changes', { event: '*', schema: 'public', table: 'conversations' }, (p) => {
            if (p.eventType !== 'DELETE') handlers.onChange({ table: 'conversations', row: toConversation(p.new as Row) })
          })
          .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, (p) => {
            if (p.eventType !== 'DELETE') handlers.onChange({ table: 'messages', row: toMessage(p.new as Row) })
          })
      }
      channel = current.subscribe((status) => {
        if (channel !== current) return // a replaced channel's closing is no news
        if (status === 'SUBSCRIBED') handlers.onStatus('connected')
        else handlers.onStatus('disconnected')
      })
    }
    void cachedSessionUser(this.client.auth).then((user) => open(user !== null))
    const { data } = this.client.auth.onAuthStateChange((_event, session) => {
      if (session || _event === 'SIGNED_OUT') void open(session !== null)
    })
    return () => {
      closed = true
      data.subscription.unsubscribe()
      if (channel) void this.client.removeChannel(channel)
    }
  }

  // The shop's search over the whole catalogue (migration 20261127090100) --------------------------------------------

  /** One page of a search, its listings in the page's order with their images and sellers. */
  async searchListings(page: ServerSearchPage): Promise<Result<ListingBundle>> {
    const desc = page.sort !== 'price_asc'
    const key = page.sort === 'newest' ? 'created_at' : 'price'
    const q = this.client
      .rpc('search_listings', {
        ...searchArgs(page), p_sort: page.sort, p_after_key: page.after?.key ?? null, p_after_id: page.after?.id ?? null,
        p_offset: page.offset, p_limit: page.limit,
      })
      .select(LISTING_BUNDLE_SELECT)
      // The function's order, said again: embedding its rows must not reorder them.
      .order(key, { ascending: !desc })
      .order('id', { ascending: !desc })
    return this.embeddedListings(q as unknown as PromiseLike<PgResult<Row[]>>)
  }

  /** How many listings a search matches, up to SEARCH_COUNT_CAP + 1. */
  async countListings(filter: ServerSearchFilter): Promise<Result<number>> {
    const r = await run<number>(this.client.rpc('search_listings_count', searchArgs(filter)))
    return r.ok ? ok(Number(r.value)) : r
  }
}

/** A search's filters as search_listings' named arguments. */
function searchArgs(f: ServerSearchFilter): Record<string, unknown> {
  return {
    p_terms: f.terms, p_category: f.category, p_price_min: f.priceMin, p_price_max: f.priceMax, p_locations: f.locations,
    p_sizes: f.sizes, p_conditions: f.conditions,
  }
}

/** Ids per `in` filter (hosted Realtime takes at most 100 values in one). */
export const REALTIME_IN_FILTER_MAX = 100
/** `in` bindings for kept listings per channel: 5 × 100 ids; beyond them, the periodic pull follows the rest. */
export const REALTIME_WATCH_BINDINGS = 5

/** The listings bindings of a device's channel (see `subscribe`). */
export function listingWatchFilters(watch: { createdSince: string | null; ids: readonly string[] }): { event: 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string }[] {
  const out: { event: 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string }[] = [
    { event: 'INSERT', filter: 'status=eq.active' },
    { event: 'DELETE' },
    watch.createdSince === null ? { event: 'UPDATE' } : { event: 'UPDATE', filter: `created_at=gte.${watch.createdSince}` },
  ]
  if (watch.createdSince === null) return out
  const ids = watch.ids.slice(0, REALTIME_IN_FILTER_MAX * REALTIME_WATCH_BINDINGS)
  for (let i = 0; i < ids.length; i += REALTIME_IN_FILTER_MAX) out.push({ event: 'UPDATE', filter: `id=in.(${ids.slice(i, i + REALTIME_IN_FILTER_MAX).join(',')})` })
  return out
}
