// The shop's question to the server: the same filters, search and order the device applies to its mirror
// (feed-filters.ts), in the form the server's search_listings takes, and how its pages are named and reached.
import { FILTER_PRICE_DEFAULT_MAX_CHF, FILTER_PRICE_DEFAULT_MIN_CHF, PAGE_SIZE } from './constants'
import { cityNeedles, isDefaultFilters, type FeedFilters } from './feed-filters'
import type { FeedSort } from './feed-query'
import { fold, searchTerms } from './search'

/** What narrows a server search; null and empty lists narrow nothing. */
export interface ServerSearchFilter {
  /** The query's words in normal form: each must be part of a listing's search text. */
  readonly terms: readonly string[]
  readonly category: string | null
  readonly priceMin: number | null
  readonly priceMax: number | null
  /** Padded city words in every spelling (" geneve "); the location must hold one. */
  readonly locations: readonly string[] | null
  /** Size words; the size must have one as a word. */
  readonly sizes: readonly string[] | null
  readonly conditions: readonly string[] | null
}

/** Where the page before ended, in the order's terms: its sort key (created_at or price as text) and id. */
export interface SearchCursor {
  readonly key: string
  readonly id: string
}

/** One page of a server search: after a cursor when the page before is known, else a skip of at most SEARCH_OFFSET_MAX. */
export interface ServerSearchPage extends ServerSearchFilter {
  readonly sort: FeedSort
  readonly after: SearchCursor | null
  readonly offset: number
  readonly limit: number
}

/** The most rows a page may be reached by skipping (the server refuses more); further pages go by cursor. */
export const SEARCH_OFFSET_MAX = 1000

/** The server counts matches up to this; a count above it reads "more than 1,000". */
export const SEARCH_COUNT_CAP = 1000

/** The filters as the server takes them: the same rule as compileFilters, value by value. */
export function serverSearchOf(f: FeedFilters): ServerSearchFilter {
  const min = f.priceMin ?? FILTER_PRICE_DEFAULT_MIN_CHF
  const max = f.priceMax === undefined || f.priceMax === FILTER_PRICE_DEFAULT_MAX_CHF ? null : f.priceMax
  return {
    terms: searchTerms(f.query),
    category: f.category ?? null,
    priceMin: min > 0 ? min : null,
    priceMax: max,
    locations: f.locations?.length ? [...new Set(f.locations.flatMap(cityNeedles))] : null,
    sizes: f.sizes?.length ? [...new Set(f.sizes.map((s) => fold(s).trim()))] : null,
    conditions: f.conditions?.length ? [...f.conditions] : null,
  }
}

/** The plain newest-first feed: its first page is the device's window, not a server question. */
export const isPlainFeed = (f: FeedFilters, sort: FeedSort): boolean =>
  sort === 'newest' && isDefaultFilters(f) && f.category === undefined && searchTerms(f.query).length === 0

/** The name of a search's answers, the same for every spelling of the same question. */
export function searchKey(f: FeedFilters, sort: FeedSort): string {
  const s = serverSearchOf(f)
  const sorted = (xs: readonly string[] | null) => (xs ? [...xs].sort() : null)
  return JSON.stringify([
    [...s.terms].sort(),
    s.category,
    s.priceMin,
    s.priceMax,
    sorted(s.locations),
    sorted(s.sizes),
    sorted(s.conditions),
    sort,
  ])
}

/** The name of one page's answer. */
export const searchPageKey = (f: FeedFilters, sort: FeedSort, page: number): string => `${searchKey(f, sort)}#${page}`

/** Where a page ends, for the next one. */
export function cursorAfter(
  row: { readonly id: string; readonly created_at: string; readonly price: number | string },
  sort: FeedSort,
): SearchCursor {
  return { key: sort === 'newest' ? row.created_at : String(row.price), id: row.id }
}

/**
 * How page `page` is asked for: after the cursor where the page before ended when it is known, else by skipping
 * the rows before it while that stays within SEARCH_OFFSET_MAX; null when neither reaches it (a deep page opened
 * without having walked to it).
 */
export function pageRequest(
  filter: ServerSearchFilter,
  sort: FeedSort,
  page: number,
  before: SearchCursor | null,
  pageSize = PAGE_SIZE,
): ServerSearchPage | null {
  const base = { ...filter, sort, limit: pageSize }
  if (page <= 1) return { ...base, after: null, offset: 0 }
  if (before) return { ...base, after: before, offset: 0 }
  const offset = (page - 1) * pageSize
  return offset <= SEARCH_OFFSET_MAX ? { ...base, after: null, offset } : null
}

/**
 * How many items the page list may count on. A count up to the cap is exact; past it (or unanswered) the list
 * reaches at least the page after this one while this one is full, so a deep page is always one "Next" away.
 */
export function pagedItemCount(total: number | null, page: number, hasNext: boolean, pageSize = PAGE_SIZE): number {
  if (total !== null && total <= SEARCH_COUNT_CAP) return total
  return Math.max(total ?? 0, page * pageSize + (hasNext ? 1 : 0))
}
