/**
 * The pulls slice: keyset pages by transaction, (sync_xid, id) order (R1, migration 20261125114800), the device's
 * window (M1, migration 20261127100000_listing_window), and the ids a reconcile keeps (R4, R8).
 */
import type { ConversationRecord, MessageRecord, PublicProfileRecord } from '@/db/records'
import type { ListingBundle } from '@/db/repositories/mirror'
import type { PullsSlice, Result, WindowAsk, XidFrom, XidKey, XidPage } from '@/sync/protocol'
import { PUBLIC_PROFILE_COLUMNS, toConversation, toMessage, toPublicProfile } from '../rows'
import { bundleOf, EMBEDDED_LISTINGS_PER_REQUEST, LISTING_BUNDLE_SELECT } from './bundles'
import { fromXid, ID_PAGE, lastKey, ok, run, type PgResult, type Row, type SupabaseContext } from './query'

async function xidPage<T>(q: PromiseLike<PgResult<Row[]>>, map: (r: Row) => T): Promise<Result<XidPage<T[]>>> {
  const r = await run<Row[]>(q)
  return r.ok ? ok({ rows: r.value.map(map), last: lastKey(r.value) }) : r
}

/**
 * Listing bundles from `from` in (sync_xid, id) order, asked in sub-pages of EMBEDDED_LISTINGS_PER_REQUEST (the
 * stack's per-request work cap counts every embedded row) until `limit` listings or a short page.
 */
async function bundlePagesSince(
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

export const pullsSlice = ({ client }: SupabaseContext): PullsSlice => {
  /** Every id of `table` the user may see (RLS), in pages. */
  const visibleIds = async (table: 'listings' | 'conversations'): Promise<Result<string[]>> => {
    const ids: string[] = []
    for (;;) {
      let q = client.from(table).select('id').order('id').limit(ID_PAGE)
      if (ids.length) q = q.gt('id', ids[ids.length - 1]!)
      const r = await run<{ id: string }[]>(q)
      if (!r.ok) return r
      ids.push(...r.value.map((x) => x.id))
      if (r.value.length < ID_PAGE) return ok(ids)
    }
  }
  return {
    async pullHorizon(): Promise<Result<number>> {
      const r = await run<number | string>(client.rpc('pull_horizon', {}, { get: true }))
      return r.ok ? ok(Number(r.value)) : r
    },

    async pullListingsSince(from: XidFrom, limit: number): Promise<Result<XidPage<ListingBundle>>> {
      return bundlePagesSince(from, limit, (at, size) =>
        fromXid(client.from('listings').select(LISTING_BUNDLE_SELECT), at).order('sync_xid').order('id').limit(size),
      )
    },

    /** The window's profiles (migration 20261127120500_profile_window); the window's ids go in the POST body. */
    pullProfilesSince(from: XidFrom, limit: number, ask: WindowAsk): Promise<Result<XidPage<PublicProfileRecord[]>>> {
      const args = {
        p_window: ask.size,
        p_extra: ask.extra,
        p_since: from.since,
        p_after_xid: from.after?.xid ?? null,
        p_after_id: from.after?.id ?? null,
        p_limit: limit,
      }
      return xidPage(client.rpc('window_profiles', args) as unknown as PromiseLike<PgResult<Row[]>>, toPublicProfile)
    },

    async fetchProfiles(ids: string[]): Promise<Result<PublicProfileRecord[]>> {
      const r = await run<Row[]>(client.from('profiles').select(PUBLIC_PROFILE_COLUMNS).in('id', ids).order('id'))
      return r.ok ? ok(r.value.map(toPublicProfile)) : r
    },

    pullConversationsSince(from: XidFrom, limit: number): Promise<Result<XidPage<ConversationRecord[]>>> {
      return xidPage(
        fromXid(client.from('conversations').select('*'), from).order('sync_xid').order('id').limit(limit),
        toConversation,
      )
    },

    pullMessagesSince(from: XidFrom, limit: number): Promise<Result<XidPage<MessageRecord[]>>> {
      return xidPage(
        fromXid(client.from('messages').select('*'), from).order('sync_xid').order('id').limit(limit),
        toMessage,
      )
    },

    async pullWindowSince(from: XidFrom, limit: number, ask: WindowAsk): Promise<Result<XidPage<ListingBundle>>> {
      // The window's ids go in the POST body.
      return bundlePagesSince(from, limit, (at, size) => {
        const args = {
          p_window: ask.size,
          p_extra: ask.extra,
          p_since: at.since,
          p_after_xid: at.after?.xid ?? null,
          p_after_id: at.after?.id ?? null,
          p_limit: size,
        }
        return client.rpc('window_listings', args).select(LISTING_BUNDLE_SELECT) as unknown as PromiseLike<
          PgResult<Row[]>
        >
      })
    },

    async windowListingIds(ask: WindowAsk): Promise<Result<string[]>> {
      const ids: string[] = []
      for (;;) {
        const args = { p_window: ask.size, p_extra: ask.extra, p_after: ids[ids.length - 1] ?? null, p_limit: ID_PAGE }
        const r = await run<{ id: string }[]>(client.rpc('window_listing_ids', args))
        if (!r.ok) return r
        ids.push(...r.value.map((x) => x.id))
        if (r.value.length < ID_PAGE) return ok(ids)
      }
    },

    visibleListingIds: () => visibleIds('listings'),
    visibleConversationIds: () => visibleIds('conversations'),
  }
}
