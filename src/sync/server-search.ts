/**
 * Asking the server one page of a shop search and keeping its answer in the mirror: the listings (with images and
 * sellers) like any pull, and the page's ids in order with the match count (repositories/server-pages.ts). The
 * screen reads the answer from the database; when the server cannot be asked, it answers from the mirror.
 */
import type { KreisDatabase } from '@/db/database'
import { applyListingBundle } from '@/db/repositories/mirror'
import { serverPage, storeServerPage } from '@/db/repositories/server-pages'
import type { FeedFilters } from '@/domain/feed-filters'
import type { FeedSort } from '@/domain/feed-query'
import { cursorAfter, pageRequest, searchPageKey, serverSearchOf } from '@/domain/search-query'
import type { Transport } from './protocol'

/** stored: the answer is in the database; failed: no answer (offline, server error); unreachable: a deep page
 * whose page before is not known and too far to skip to. */
export type ServerPageOutcome = 'stored' | 'failed' | 'unreachable'

export interface ServerSearchDeps {
  db: KreisDatabase
  transport: Transport
  now?: () => number
}

export async function askServerPage(
  deps: ServerSearchDeps,
  filters: FeedFilters,
  sort: FeedSort,
  page: number,
): Promise<ServerPageOutcome> {
  const { db, transport } = deps
  const filter = serverSearchOf(filters)
  const before = page > 1 ? ((await serverPage(db, searchPageKey(filters, sort, page - 1)))?.next ?? null) : null
  const request = pageRequest(filter, sort, page, before)
  if (!request) return 'unreachable'
  const [rows, count] = await Promise.all([transport.searchListings(request), transport.countListings(filter)])
  if (!rows.ok) return 'failed'
  await applyListingBundle(db, rows.value)
  const listings = rows.value.listings
  const last = listings[listings.length - 1]
  await storeServerPage(db, {
    key: searchPageKey(filters, sort, page),
    ids: listings.map((l) => l.id),
    total: count.ok ? count.value : null,
    next: last && listings.length === request.limit ? cursorAfter(last, sort) : null,
    fetched_at: (deps.now ?? Date.now)(),
  })
  return 'stored'
}
