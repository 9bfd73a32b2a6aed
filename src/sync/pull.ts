/**
 * Keyset pulls (design.md §1 rule 5): per stream, pages of rows after the stored (updated_at, id) cursor, each
 * page applied to the mirror in the same transaction that advances the cursor, so a crash never records a
 * position for rows that were not stored.
 */
import type { KreisDatabase } from '@/db/database'
import type { Cursor } from '@/db/records'
import { applyConversations, applyListingBundle, applyMessages, applyMyProfile, applyProfiles, removeConversationsNotIn, removeListingsNotIn } from '@/db/repositories/mirror'
import { applyServerFavourites } from '@/db/repositories/favourites'
import type { PullStream } from '@/db/rows'
import { PULL_LOOKBACK_MS, PULL_PAGE_SIZE } from './constants'
import type { Failure, Result, Transport } from './protocol'

export interface PullDeps {
  db: KreisDatabase
  transport: Transport
}

export interface PullOptions {
  /** Also drop listings the server no longer shows (on start and reconnect, not on every poke). */
  reconcile: boolean
}

/** Where the next request starts: a little before the cursor (see PULL_LOOKBACK_MS). */
export function lookbackFrom(c: Cursor | null): Cursor | null {
  if (!c) return null
  const t = Date.parse(c.updated_at)
  return Number.isNaN(t) ? c : { updated_at: new Date(t - PULL_LOOKBACK_MS).toISOString(), id: '' }
}

const last = <T>(xs: readonly T[]): T => xs[xs.length - 1]!
const cursorOf = (r: { updated_at: string; id: string }): Cursor => ({ updated_at: r.updated_at, id: r.id })

async function stored(db: KreisDatabase, stream: PullStream): Promise<Cursor | null> {
  return (await db.cursors.get(stream))?.cursor ?? null
}

/** Pages through one stream until a short page. */
async function pullStream<T extends { updated_at: string; id: string }>(
  db: KreisDatabase,
  stream: PullStream,
  fetch: (after: Cursor | null) => Promise<Result<{ rows: T[]; apply: () => Promise<unknown> }>>,
): Promise<Failure | null> {
  let after = lookbackFrom(await stored(db, stream))
  for (;;) {
    const page = await fetch(after)
    if (!page.ok) return page
    const { rows, apply } = page.value
    if (rows.length === 0) return null
    const next = cursorOf(last(rows))
    await db.transaction('rw', [db.listings, db.listing_images, db.profiles, db.my_profile, db.conversations, db.messages, db.cursors], async () => {
      await apply()
      const current = await stored(db, stream)
      // Never move backwards (the lookback re-reads rows before the stored cursor).
      if (!current || next.updated_at > current.updated_at || (next.updated_at === current.updated_at && next.id > current.id)) {
        await db.cursors.put({ stream, cursor: next })
      }
    })
    if (rows.length < PULL_PAGE_SIZE) return null
    after = next
  }
}

/** Pulls every stream the user has. Returns the first failure (the remaining streams are still tried). */
export async function pullAll(deps: PullDeps, opts: PullOptions): Promise<Failure | null> {
  const { db, transport } = deps
  const session = await transport.session()
  const failures: (Failure | null)[] = []

  failures.push(
    await pullStream(db, 'listings', async (after) => {
      const r = await transport.pullListings(after, PULL_PAGE_SIZE)
      return r.ok ? { ok: true, value: { rows: r.value.listings, apply: () => applyListingBundle(db, r.value) } } : r
    }),
  )
  // Sellers renamed since: their cards follow (a rename does not touch their listings).
  failures.push(
    await pullStream(db, 'profiles', async (after) => {
      const r = await transport.pullProfiles(after, PULL_PAGE_SIZE)
      return r.ok ? { ok: true, value: { rows: r.value, apply: () => applyProfiles(db, r.value) } } : r
    }),
  )
  if (opts.reconcile) {
    const ids = await transport.visibleListingIds()
    if (ids.ok) await removeListingsNotIn(db, new Set(ids.value))
    else failures.push(ids)
  }
  if (session) {
    failures.push(
      await pullStream(db, 'conversations', async (after) => {
        const r = await transport.pullConversations(after, PULL_PAGE_SIZE)
        return r.ok ? { ok: true, value: { rows: r.value, apply: () => applyConversations(db, r.value) } } : r
      }),
      await pullStream(db, 'messages', async (after) => {
        const r = await transport.pullMessages(after, PULL_PAGE_SIZE)
        return r.ok ? { ok: true, value: { rows: r.value, apply: () => applyMessages(db, r.value) } } : r
      }),
    )
    if (opts.reconcile) {
      const ids = await transport.visibleConversationIds()
      if (ids.ok) await removeConversationsNotIn(db, new Set(ids.value))
      else failures.push(ids)
    }
    const me = await transport.fetchMyProfile()
    if (!me.ok) failures.push(me)
    else if (me.value) await applyMyProfile(db, me.value)
    // Favourites follow the account (small: the whole set each time, so removals on other devices arrive too).
    const favourites = await transport.pullFavorites()
    if (!favourites.ok) failures.push(favourites)
    else await applyServerFavourites(db, session.userId, favourites.value, Date.now())
  }
  return failures.find((f) => f !== null) ?? null
}

/** Restores one listing to the server's version (after the user discards a failed edit). */
export async function refetchListing(deps: PullDeps, id: string): Promise<Failure | null> {
  const r = await deps.transport.fetchListing(id)
  if (!r.ok) return r
  if (r.value) await applyListingBundle(deps.db, r.value)
  return null
}
