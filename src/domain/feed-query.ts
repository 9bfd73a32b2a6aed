// The shop's view in the query string (docs/product.md §2.6: the category lives there; docs/decisions.md#D-feed-view-in-url: every filter, the search,
// the sort and the page too), so Back, reload and a shared link restore the same view. Unknown or invalid values
// are dropped, never an error: a hand-edited link still opens the shop.
import { CATEGORY_QUERY_PARAM, categoryFromQuery } from './categories'
import { isCondition, type Condition } from './conditions'
import { FILTER_PRICE_DEFAULT_MAX_CHF, FILTER_PRICE_DEFAULT_MIN_CHF } from './constants'
import type { FeedFilters } from './feed-filters'
import { normalizeQuery } from './search'

export const FEED_SORTS = ['newest', 'price_asc', 'price_desc'] as const
export type FeedSort = (typeof FEED_SORTS)[number]
export const DEFAULT_FEED_SORT: FeedSort = 'newest'

export interface FeedView {
  readonly filters: FeedFilters
  readonly sort: FeedSort
  /** 1-based; clamped to the page count by the screen once the count is known. */
  readonly page: number
}

export const FEED_PARAMS = {
  category: CATEGORY_QUERY_PARAM,
  query: 'q',
  priceMin: 'min',
  priceMax: 'max',
  locations: 'loc',
  sizes: 'size',
  conditions: 'cond',
  sort: 'sort',
  page: 'page',
} as const

const LIST_SEPARATOR = ','

const list = (value: string | null): string[] => [
  ...new Set(
    (value ?? '')
      .split(LIST_SEPARATOR)
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  ),
]

function price(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 ? n : undefined
}

/** The view a query string describes. */
export function feedViewFromParams(params: URLSearchParams): FeedView {
  const category = categoryFromQuery(params.get(FEED_PARAMS.category))
  const query = normalizeQuery(params.get(FEED_PARAMS.query))
  const priceMin = price(params.get(FEED_PARAMS.priceMin))
  const priceMax = price(params.get(FEED_PARAMS.priceMax))
  const locations = list(params.get(FEED_PARAMS.locations))
  const sizes = list(params.get(FEED_PARAMS.sizes))
  const conditions = list(params.get(FEED_PARAMS.conditions)).filter(isCondition)
  const sortParam = params.get(FEED_PARAMS.sort)
  const sort = (FEED_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as FeedSort) : DEFAULT_FEED_SORT
  const page = Math.trunc(Number(params.get(FEED_PARAMS.page)))
  const filters: { -readonly [K in keyof FeedFilters]: FeedFilters[K] } = {}
  if (category) filters.category = category
  if (query) filters.query = query
  if (priceMin !== undefined && priceMin > FILTER_PRICE_DEFAULT_MIN_CHF) filters.priceMin = priceMin
  if (priceMax !== undefined && priceMax !== FILTER_PRICE_DEFAULT_MAX_CHF) filters.priceMax = priceMax
  if (locations.length) filters.locations = locations
  if (sizes.length) filters.sizes = sizes
  if (conditions.length) filters.conditions = conditions as Condition[]
  return { filters, sort, page: Number.isFinite(page) && page > 1 ? page : 1 }
}

/** The query string of a view: defaults are left out, so the plain feed is plain /shop. */
export function feedViewToParams(view: FeedView): URLSearchParams {
  const { filters: f, sort, page } = view
  const params = new URLSearchParams()
  if (f.category) params.set(FEED_PARAMS.category, f.category)
  const query = normalizeQuery(f.query)
  if (query) params.set(FEED_PARAMS.query, query)
  if (f.priceMin !== undefined && f.priceMin > FILTER_PRICE_DEFAULT_MIN_CHF)
    params.set(FEED_PARAMS.priceMin, String(f.priceMin))
  if (f.priceMax !== undefined && f.priceMax !== FILTER_PRICE_DEFAULT_MAX_CHF)
    params.set(FEED_PARAMS.priceMax, String(f.priceMax))
  if (f.locations?.length) params.set(FEED_PARAMS.locations, f.locations.join(LIST_SEPARATOR))
  if (f.sizes?.length) params.set(FEED_PARAMS.sizes, f.sizes.join(LIST_SEPARATOR))
  if (f.conditions?.length) params.set(FEED_PARAMS.conditions, f.conditions.join(LIST_SEPARATOR))
  if (sort !== DEFAULT_FEED_SORT) params.set(FEED_PARAMS.sort, sort)
  if (page > 1) params.set(FEED_PARAMS.page, String(page))
  return params
}

/** A new view from a filter change: any change of what is shown starts again at page 1 (docs/product.md §2.6). */
export const withFilters = (view: FeedView, filters: FeedFilters): FeedView => ({ ...view, filters, page: 1 })

/** The view after a new search from the header: on the shop the other filters stay; elsewhere the search alone. */
export function searchView(current: FeedView | null, query: string): FeedView {
  const base = current ?? { filters: {}, sort: DEFAULT_FEED_SORT, page: 1 }
  const { query: _old, ...rest } = base.filters
  const q = normalizeQuery(query)
  return withFilters(base, q ? { ...rest, query: q } : rest)
}
