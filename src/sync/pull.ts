/**
 * Pulls by transaction (migration 20261125114800; docs/architecture.md §1 rule 5): per stream, keyset pages in (sync_xid, id)
 * order of the rows of every transaction from the stored `since` on, each page applied to the mirror in the same
 * transaction that records the position, so a crash never records a position for rows that were not stored. A
 * whole pull then stores as `since` the server's horizon, asked before its first page: a transaction its pages did
 * not see was in flight then or began later, so its id is at or above the horizon and the next pull reads its rows,
 * however late it commits. A stream an older app version stored as an (updated_at, id) cursor moves over with one
 * last pull by time, from PULL_LOOKBACK_MS before it.
 *
 * The listings stream reads the device's window only (domain/listing-window.ts; RPC window_listings): the newest
 * listings, the user's own of every status, favourited and talked about, and the ids the device names (recently
 * opened, queued, kept search answers). Its position belongs to whoever pulled it: a visitor who signs in reads the
 * window again from the start, so their own sold listings (old rows a visitor's pull never saw) arrive. A listing
 * can enter the window without changing (another one sold, a new favourite): the reconcile asks the window's ids,
 * drops what left and fetches what the device lacks; every pull fetches the favourites and conversations' listings
 * it lacks. Each pull ends by evicting what left the window.
 */
import type { KreisDatabase } from '@/db/database'
import type { Cursor } from '@/db/records'
import {
  applyConversations,
  applyListingBundle,
  applyMessages,
  applyMyProfile,
  applyProfiles,
  removeConversationsNotIn,
  removeListingsNotIn,
} from '@/db/repositories/mirror'
import { applyServerFavourites } from '@/db/repositories/favourites'
import { evictUnneededProfiles, extraIdsOf, profilesToFetch, shrinkToWindow } from '@/db/repositories/window'
import type { PullPosition, PullStream } from '@/db/rows'
import { LISTING_WINDOW_SIZE, WINDOW_FETCH_CHUNK } from '@/config/window'
import { PULL_LOOKBACK_MS, PULL_PAGE_SIZE } from './constants'
import { stillOwnedBy } from './device-owner'
import type { Failure, Result, Transport, WindowAsk, XidFrom, XidKey, XidPage } from './protocol'

export interface PullDeps {
  db: KreisDatabase
  transport: Transport
  /** The number of newest listings the device keeps (LISTING_WINDOW_SIZE; smaller in tests). */
  windowSize?: number
}

/** The meta row naming who pulled the listings stream's position: the user, or null for a visitor. */
export const LISTINGS_PULLED_AS_KEY = 'listings-pulled-as'

export interface PullOptions {
  /** Also drop listings the server no longer shows (on start and reconnect, not on every poke). */
  reconcile: boolean
}

/** Where a pull by time starts: a little before the cursor (see PULL_LOOKBACK_MS). */
export function lookbackFrom(c: Cursor | null): Cursor | null {
  if (!c) return null
  const t = Date.parse(c.updated_at)
  return Number.isNaN(t) ? c : { updated_at: new Date(t - PULL_LOOKBACK_MS).toISOString(), id: '' }
}

type TimeCursor = Cursor & { horizon?: number }
const isTimeCursor = (p: PullPosition): p is TimeCursor => 'updated_at' in p

/** A page as a stream gives it: how many rows, the place of the last one, and how to store them. */
interface Page<K> {
  count: number
  last: K | null
  apply: () => Promise<unknown>
}

interface StreamPages {
  byXid(from: XidFrom): Promise<Result<Page<XidKey>>>
  /** Only to move a stored (updated_at, id) cursor over. */
  byTime(after: Cursor | null): Promise<Result<Page<Cursor>>>
}

const cursorOf = (r: { updated_at: string; id: string }): Cursor => ({ updated_at: r.updated_at, id: r.id })
const lastOf = <T>(xs: readonly T[]): T | null => xs[xs.length - 1] ?? null

async function stored(db: KreisDatabase, stream: PullStream): Promise<PullPosition | null> {
  return (await db.cursors.get(stream))?.cursor ?? null
}

/**
 * Applies a page and records the stream's position, together. A private stream's page (`owner`) is stored only
 * while the device still holds that user's data: false when they signed out while the page was on its way.
 */
async function record(
  db: KreisDatabase,
  stream: PullStream,
  apply: () => Promise<unknown>,
  cursor: PullPosition,
  owner?: string,
): Promise<boolean> {
  return db.transaction(
    'rw',
    [db.listings, db.listing_images, db.profiles, db.my_profile, db.conversations, db.messages, db.cursors, db.meta],
    async () => {
      if (owner !== undefined && !(await stillOwnedBy(db, owner))) return false
      await apply()
      await db.cursors.put({ stream, cursor })
      return true
    },
  )
}

/** Pages through one stream until a short page. `horizon` is asked at most once per pull (shared by the streams). */
async function pullStream(
  db: KreisDatabase,
  stream: PullStream,
  horizon: () => Promise<Result<number>>,
  pages: StreamPages,
  owner?: string,
): Promise<Failure | null> {
  const position = await stored(db, stream)
  if (position && isTimeCursor(position)) return moveOver(db, stream, position, horizon, pages, owner)
  const since = position?.since ?? null
  const pass = position?.pass
  let h = pass?.horizon
  if (h === undefined) {
    const r = await horizon()
    if (!r.ok) return r
    h = r.value
  }
  let after = pass?.after ?? null
  for (;;) {
    const page = await pages.byXid({ since, after })
    if (!page.ok) return page
    const { count, last, apply } = page.value
    const done = count < PULL_PAGE_SIZE || last === null
    if (count === 0) {
      // Nothing (more) to store: only the position moves, when it does.
      if (pass || since !== h) await db.cursors.put({ stream, cursor: { since: h } })
      return null
    }
    if (!(await record(db, stream, apply, done ? { since: h } : { since, pass: { horizon: h, after: last } }, owner)))
      return null
    if (done) return null
    after = last
  }
}

/** One last pull by time from a cursor stored before the pull by transaction; it ends at the horizon asked first. */
async function moveOver(
  db: KreisDatabase,
  stream: PullStream,
  cursor: TimeCursor,
  horizon: () => Promise<Result<number>>,
  pages: StreamPages,
  owner?: string,
): Promise<Failure | null> {
  let h = cursor.horizon
  if (h === undefined) {
    const r = await horizon()
    if (!r.ok) return r
    h = r.value
  }
  let after = lookbackFrom(cursor)
  for (;;) {
    const page = await pages.byTime(after)
    if (!page.ok) return page
    const { count, last, apply } = page.value
    const done = count < PULL_PAGE_SIZE || last === null
    if (!(await record(db, stream, apply, done ? { since: h } : { ...last, horizon: h }, owner))) return null
    if (done) return null
    after = last
  }
}

/** Pulls every stream the user has. Returns the first failure (the remaining streams are still tried). */
export async function pullAll(deps: PullDeps, opts: PullOptions): Promise<Failure | null> {
  const { db, transport } = deps
  const session = await transport.session()
  const failures: (Failure | null)[] = []
  let asked: Promise<Result<number>> | null = null
  const horizon = () => (asked ??= transport.pullHorizon())
  const size = deps.windowSize ?? LISTING_WINDOW_SIZE
  await restartWindowFor(db, session?.userId ?? null)
  const ask: WindowAsk = { size, extra: await extraIdsOf(db) }

  failures.push(
    await pullStream(db, 'listings', horizon, {
      byXid: async (from) =>
        xidPage(
          await transport.pullWindowSince(from, PULL_PAGE_SIZE, ask),
          (bundle) => bundle.listings.length,
          (bundle) => applyListingBundle(db, bundle),
        ),
      byTime: async (after) => {
        const r = await transport.pullListings(after, PULL_PAGE_SIZE)
        return r.ok ? { ok: true, value: timePage(r.value.listings, () => applyListingBundle(db, r.value)) } : r
      },
    }),
  )
  // The window's sellers (and the user's counterparts) renamed since: their cards follow (a rename does not touch
  // their listings). Not every profile: a device holds those its window needs (domain/profile-window.ts).
  failures.push(
    await pullStream(db, 'profiles', horizon, {
      byXid: async (from) =>
        xidPage(await transport.pullProfilesSince(from, PULL_PAGE_SIZE, ask), rowCount, (rows) =>
          applyProfiles(db, rows),
        ),
      byTime: async (after) => {
        const r = await transport.pullProfiles(after, PULL_PAGE_SIZE)
        return r.ok ? { ok: true, value: timePage(r.value, () => applyProfiles(db, r.value)) } : r
      },
    }),
  )
  if (opts.reconcile) {
    const ids = await transport.windowListingIds(ask)
    if (ids.ok) {
      await removeListingsNotIn(db, new Set(ids.value))
      failures.push(await fetchMissing(deps, ids.value))
    } else failures.push(ids)
  }
  if (session) {
    failures.push(
      await pullStream(
        db,
        'conversations',
        horizon,
        {
          byXid: async (from) =>
            xidPage(await transport.pullConversationsSince(from, PULL_PAGE_SIZE), rowCount, (rows) =>
              applyConversations(db, rows),
            ),
          byTime: async (after) => {
            const r = await transport.pullConversations(after, PULL_PAGE_SIZE)
            return r.ok ? { ok: true, value: timePage(r.value, () => applyConversations(db, r.value)) } : r
          },
        },
        session.userId,
      ),
      await pullStream(
        db,
        'messages',
        horizon,
        {
          byXid: async (from) =>
            xidPage(await transport.pullMessagesSince(from, PULL_PAGE_SIZE), rowCount, (rows) =>
              applyMessages(db, rows),
            ),
          byTime: async (after) => {
            const r = await transport.pullMessages(after, PULL_PAGE_SIZE)
            return r.ok ? { ok: true, value: timePage(r.value, () => applyMessages(db, r.value)) } : r
          },
        },
        session.userId,
      ),
    )
    if (opts.reconcile) {
      const ids = await transport.visibleConversationIds()
      if (ids.ok) await removeConversationsNotIn(db, new Set(ids.value))
      else failures.push(ids)
    }
    const me = await transport.fetchMyProfile()
    if (!me.ok) failures.push(me)
    else if (me.value) await privately(db, session.userId, (profile) => applyMyProfile(db, profile), me.value)
    // Favourites follow the account (small: the whole set each time, so removals on other devices arrive too).
    const favourites = await transport.pullFavorites()
    if (!favourites.ok) failures.push(favourites)
    else
      await privately(
        db,
        session.userId,
        (rows) => applyServerFavourites(db, session.userId, rows, Date.now()),
        favourites.value,
      )
    // Favourites and conversations keep their listing on the device, sold ones too (title and photo stay).
    failures.push(await fetchNewlyKept(deps, session.userId))
  }
  await shrinkToWindow(db, size, session?.userId)
  // Profiles that entered without changing (a new conversation's counterpart) are fetched; those nothing needs leave.
  failures.push(await fetchMissingProfiles(deps, session?.userId))
  await evictUnneededProfiles(db, session?.userId)
  return failures.find((f) => f !== null) ?? null
}

/**
 * A listings position pulled by someone else (a visitor's, before signing in) does not hold this user's window:
 * the stream starts again from the beginning (the window is bounded, so that is a bounded read).
 */
async function restartWindowFor(db: KreisDatabase, who: string | null): Promise<void> {
  await db.transaction('rw', [db.cursors, db.meta], async () => {
    const row = await db.meta.get(LISTINGS_PULLED_AS_KEY)
    if (row?.value === who) return
    // A device from before this rule keeps its position (the reconcile fetches what its window lacks).
    if (row !== undefined) await db.cursors.delete('listings')
    await db.meta.put({ key: LISTINGS_PULLED_AS_KEY, value: who })
  })
}

/** Fetches the listings of `ids` the device does not hold (those the user may see), in chunks. */
async function fetchMissing(deps: PullDeps, ids: readonly string[]): Promise<Failure | null> {
  const held = new Set((await deps.db.listings.toCollection().primaryKeys()) as string[])
  return fetchAll(
    deps,
    [...new Set(ids)].filter((id) => !held.has(id)),
  )
}

async function fetchAll(deps: PullDeps, ids: readonly string[]): Promise<Failure | null> {
  for (let i = 0; i < ids.length; i += WINDOW_FETCH_CHUNK) {
    const r = await deps.transport.fetchListings(ids.slice(i, i + WINDOW_FETCH_CHUNK))
    if (!r.ok) return r
    await applyListingBundle(deps.db, r.value)
  }
  return null
}

/** Fetches the profiles the device needs and lacks, in chunks (public rows: newer versions only, R2). */
async function fetchMissingProfiles(deps: PullDeps, owner: string | undefined): Promise<Failure | null> {
  const ids = await profilesToFetch(deps.db, owner)
  for (let i = 0; i < ids.length; i += WINDOW_FETCH_CHUNK) {
    const r = await deps.transport.fetchProfiles(ids.slice(i, i + WINDOW_FETCH_CHUNK))
    if (!r.ok) return r
    await deps.db.transaction('rw', [deps.db.listings, deps.db.profiles, deps.db.my_profile], () =>
      applyProfiles(deps.db, r.value),
    )
  }
  return null
}

/** The meta row naming the favourites' and conversations' listings fetched since they became the user's business. */
export const KEPT_FETCHED_KEY = 'window-kept-fetched'

/**
 * Fetches, once, each listing that became the user's business by a favourite or a conversation (held or not): a
 * listing that left the window earlier (sold where the user could not read it) may be held in an older version, and
 * the window pull reads only what changed since its position. From then on the window pull follows it.
 */
async function fetchNewlyKept(deps: PullDeps, owner: string): Promise<Failure | null> {
  const { db } = deps
  const [favs, convs, queued, row] = await Promise.all([
    db.favourites.toCollection().primaryKeys(),
    db.conversations.toArray(),
    db.outbox.toArray(),
    db.meta.get(KEPT_FETCHED_KEY),
  ])
  // Only what the server knows: a favourite or conversation still on its way does not let the user read a sold
  // listing yet, and is fetched at the pull after it arrives.
  const unsent = new Set(
    queued.flatMap((e) => (e.group.startsWith('favourite:') ? [e.group.slice('favourite:'.length)] : [])),
  )
  const kept = new Set([
    ...(favs as string[]).filter((id) => !unsent.has(id)),
    ...convs.filter((c) => c.sync_state === 'synced').map((c) => c.listing_id),
  ])
  // Per account: another account's fetches say nothing of what this one may read.
  const stored = row?.value as { owner?: unknown; ids?: unknown } | undefined
  const before = new Set(stored?.owner === owner && Array.isArray(stored.ids) ? (stored.ids as string[]) : [])
  const fresh = [...kept].filter((id) => !before.has(id))
  const failure = await fetchAll(deps, fresh)
  if (failure) return failure
  if (fresh.length || before.size !== kept.size || stored?.owner !== owner)
    await db.meta.put({ key: KEPT_FETCHED_KEY, value: { owner, ids: [...kept] } })
  return null
}

/** Stores a private answer only while the device still holds `owner`'s data (see `record`). */
async function privately<T>(
  db: KreisDatabase,
  owner: string,
  store: (value: T) => Promise<unknown>,
  value: T,
): Promise<void> {
  await db.transaction('rw', [db.my_profile, db.profiles, db.listings, db.favourites, db.outbox, db.meta], async () => {
    if (await stillOwnedBy(db, owner)) await store(value)
  })
}

/** A page by transaction as a stream gives it: its rows' count and last key, and storing them. */
function xidPage<T>(
  r: Result<XidPage<T>>,
  count: (rows: T) => number,
  apply: (rows: T) => Promise<unknown>,
): Result<Page<XidKey>> {
  return r.ok
    ? { ok: true, value: { count: count(r.value.rows), last: r.value.last, apply: () => apply(r.value.rows) } }
    : r
}
const rowCount = (rows: readonly unknown[]): number => rows.length

function timePage(rows: readonly { updated_at: string; id: string }[], apply: () => Promise<unknown>): Page<Cursor> {
  const last = lastOf(rows)
  return { count: rows.length, last: last && cursorOf(last), apply }
}

/** Restores one listing to the server's version (after the user discards a failed edit). */
export async function refetchListing(deps: PullDeps, id: string): Promise<Failure | null> {
  const r = await deps.transport.fetchListing(id)
  if (!r.ok) return r
  if (r.value) await applyListingBundle(deps.db, r.value)
  return null
}
