/** The search slice: the shop's search over the whole catalogue (migration 20261127090100). */
import type { ListingBundle } from '@/db/repositories/mirror'
import type { ServerSearchFilter, ServerSearchPage } from '@/domain/search-query'
import type { Result, SearchSlice } from '@/sync/protocol'
import { embeddedListings, LISTING_BUNDLE_SELECT } from './bundles'
import { ok, run, type PgResult, type Row, type SupabaseContext } from './query'

/** A search's filters as search_listings' named arguments. */
function searchArgs(f: ServerSearchFilter): Record<string, unknown> {
  return {
    p_terms: f.terms,
    p_category: f.category,
    p_price_min: f.priceMin,
    p_price_max: f.priceMax,
    p_locations: f.locations,
    p_sizes: f.sizes,
    p_conditions: f.conditions,
  }
}

export const searchSlice = ({ client }: SupabaseContext): SearchSlice => ({
  /** One page of a search, its listings in the page's order with their images and sellers. */
  async searchListings(page: ServerSearchPage): Promise<Result<ListingBundle>> {
    const desc = page.sort !== 'price_asc'
    const key = page.sort === 'newest' ? 'created_at' : 'price'
    const q = client
      .rpc('search_listings', {
        ...searchArgs(page),
        p_sort: page.sort,
        p_after_key: page.after?.key ?? null,
        p_after_id: page.after?.id ?? null,
        p_offset: page.offset,
        p_limit: page.limit,
      })
      .select(LISTING_BUNDLE_SELECT)
      // The function's order, said again: embedding its rows must not reorder them.
      .order(key, { ascending: !desc })
      .order('id', { ascending: !desc })
    return embeddedListings(q as unknown as PromiseLike<PgResult<Row[]>>)
  },

  /** How many listings a search matches, up to SEARCH_COUNT_CAP + 1. */
  async countListings(filter: ServerSearchFilter): Promise<Result<number>> {
    const r = await run<number>(client.rpc('search_listings_count', searchArgs(filter)))
    return r.ok ? ok(Number(r.value)) : r
  },
})
