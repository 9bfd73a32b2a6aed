/**
 * The server's catalogue search (search_listings, search_listings_count) over a MemoryServer's rows: active listings
 * only, the same words and filters as the migration, the shop's orders with the id as tie-break, cursor or skip.
 */
import type { ListingBundle } from '@/db/repositories/mirror'
import type { ListingRecord } from '@/db/records'
import { filterFacets } from '@/domain/feed-filters'
import { matchesTerms } from '@/domain/search'
import { SEARCH_COUNT_CAP, type ServerSearchFilter, type ServerSearchPage } from '@/domain/search-query'
import type { MemoryServer } from './memory-server'

function matching(server: MemoryServer, f: ServerSearchFilter): ListingRecord[] {
  const sizes = f.sizes ? new Set(f.sizes) : null
  return [...server.listings.values()].filter((l) => {
    if (l.status !== 'active') return false
    const seller = server.publicProfile(l.user_id)
    const x = filterFacets({
      ...l,
      seller_first_name: seller?.first_name ?? null,
      seller_last_name: seller?.last_name ?? null,
    })
    return (
      matchesTerms(x.searchText, f.terms) &&
      (f.category === null || l.category === f.category) &&
      (f.priceMin === null || x.price >= f.priceMin) &&
      (f.priceMax === null || x.price <= f.priceMax) &&
      (!f.locations || f.locations.some((c) => x.locationWords.includes(c))) &&
      (!sizes || x.sizeWords.some((w) => sizes.has(w))) &&
      (!f.conditions || f.conditions.includes(l.condition))
    )
  })
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

export function memorySearch(server: MemoryServer, page: ServerSearchPage): ListingBundle {
  const rows = matching(server, page)
  const key = (l: ListingRecord) => (page.sort === 'newest' ? new Date(l.created_at).getTime() : Number(l.price))
  const asc = page.sort === 'price_asc'
  const compare = (a: ListingRecord, b: ListingRecord) => {
    const d = key(a) - key(b) || byId(a.id, b.id)
    return asc ? d : -d
  }
  rows.sort(compare)
  let start = page.offset
  if (page.after) {
    const after = page.after
    const afterKey = page.sort === 'newest' ? new Date(after.key).getTime() : Number(after.key)
    start = rows.findIndex((l) => {
      const d = key(l) - afterKey || byId(l.id, after.id)
      return asc ? d > 0 : d < 0
    })
    if (start < 0) start = rows.length
  }
  return server.bundle(rows.slice(start, start + page.limit))
}

export const memoryCount = (server: MemoryServer, filter: ServerSearchFilter): number =>
  Math.min(matching(server, filter).length, SEARCH_COUNT_CAP + 1)
