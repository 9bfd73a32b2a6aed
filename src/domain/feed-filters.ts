// The one model of what narrows the feed: the shop's category (docs/product.md §2.6), the filter panel (docs/product.md §2.6 filter
// panel, §3 filter panel fields, §5 filter price inputs) and the search. The mirror's feed repository applies
// exactly this rule (src/db/repositories/feed.ts, over normalised facets it keeps in memory); the spec leaves
// how the filters narrow the feed unshown, so our reading is documented per rule below.
import type { Category } from './categories'
import type { Condition } from './conditions'
import { FILTER_PRICE_DEFAULT_MAX_CHF, FILTER_PRICE_DEFAULT_MIN_CHF } from './constants'
import { locationSearchText } from './places'
import { fold, foldedWords, matchesTerms, searchTerms, type SearchableListing } from './search'
import { searchText } from './search-text'

/** Absent fields and empty lists do not narrow. */
export interface FeedFilters {
  /** The shop's one category (query string `category`); absent means all items. */
  readonly category?: Category
  /** CHF, inclusive; absent means 0. */
  readonly priceMin?: number
  /** CHF, inclusive; absent, or the default 500, means no upper bound ("500 and above"). */
  readonly priceMax?: number
  /** City names (the panel offers FILTER_LOCATIONS); a listing matches one of them. */
  readonly locations?: readonly string[]
  readonly sizes?: readonly string[]
  readonly conditions?: readonly Condition[]
  /** The search query (src/domain/search.ts). */
  readonly query?: string
}

export const DEFAULT_FEED_FILTERS: FeedFilters = {}

// Negative numbers count as invalid too: no listing has a negative price.
function parsePrice(text: string | number | null | undefined, fallback: number): number {
  // Number() reads null and blank text as 0, which must fall back instead; undefined reads as NaN.
  if (text === null || (typeof text === 'string' && text.trim() === '')) return fallback
  const n = Number(text)
  return Number.isFinite(n) && n >= 0 ? n : fallback
}

/** The "from" input: empty or invalid falls back to 0. */
export const parsePriceFrom = (text: string | number | null | undefined): number =>
  parsePrice(text, FILTER_PRICE_DEFAULT_MIN_CHF)

/** The "to" input: empty or invalid falls back to 500. */
export const parsePriceTo = (text: string | number | null | undefined): number =>
  parsePrice(text, FILTER_PRICE_DEFAULT_MAX_CHF)

/**
 * Whether the typed range is upside down (docs/product.md#R-filter-price-order): a "from" above a typed "to". An
 * empty or invalid "to" sets no upper bound, so it cannot be below "from".
 */
export function priceRangeInverted(fromText: string, toText: string): boolean {
  const toTyped = parsePrice(toText, Number.NaN)
  return Number.isFinite(toTyped) && parsePriceFrom(fromText) > toTyped
}

/** Whether the price bounds narrow anything (0 and 500 are the untouched panel). */
export const hasPriceBound = (f: FeedFilters): boolean =>
  (f.priceMin ?? FILTER_PRICE_DEFAULT_MIN_CHF) > FILTER_PRICE_DEFAULT_MIN_CHF ||
  (f.priceMax ?? FILTER_PRICE_DEFAULT_MAX_CHF) !== FILTER_PRICE_DEFAULT_MAX_CHF

/** Whether the panel's filters (not the category or the search) are all untouched. */
export const isDefaultFilters = (f: FeedFilters): boolean =>
  !hasPriceBound(f) && !f.locations?.length && !f.sizes?.length && !f.conditions?.length

/** Whether anything narrows the feed at all. */
export const narrowsFeed = (f: FeedFilters): boolean =>
  !isDefaultFilters(f) || f.category !== undefined || searchTerms(f.query).length > 0

/** The listing fields the rule reads (a Dexie mirror row has them all). */
export interface FilterableListing extends SearchableListing {
  readonly price: number | string
  readonly location: string | null
  readonly size: string | null
  readonly condition: string
}

/**
 * A listing's fields in the normal form the rule compares: computed once per listing (the repository keeps them
 * in memory), so matching is string and number comparisons only.
 */
export interface FilterFacets {
  readonly price: number
  readonly category: string
  readonly condition: string
  /**
   * The location's words, space-separated and padded with a space at both ends (" 8001 zurich "); a stored place's
   * names in every language (docs/decisions.md#D-place-codes).
   */
  readonly locationWords: string
  readonly sizeWords: readonly string[]
  /** src/domain/search.ts searchText. */
  readonly searchText: string
}

export function filterFacets(listing: FilterableListing): FilterFacets {
  const price = Number(listing.price)
  return {
    price: Number.isFinite(price) ? price : 0,
    category: listing.category,
    condition: listing.condition,
    locationWords: ` ${foldedWords(locationSearchText(listing.location)).join(' ')} `,
    sizeWords: foldedWords(listing.size ?? ''),
    searchText: searchText(listing),
  }
}

// Sellers write cities in any national language; the panel offers the English names (docs/product.md §3).
const CITY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  zurich: ['zuerich', 'zurigo'],
  basel: ['bale', 'basilea'],
  bern: ['berne', 'berna'],
  geneva: ['geneve', 'genf', 'ginevra'],
  lucerne: ['luzern', 'lucerna'],
  'st gallen': ['sankt gallen', 'saint gall', 'san gallo'],
}

/** The padded word sequences that name a city, in every spelling we know (" st gallen ", " sankt gallen "…). */
export function cityNeedles(city: string): string[] {
  const name = foldedWords(city).join(' ')
  return [name, ...(CITY_ALIASES[name] ?? [])].filter((n) => n !== '').map((n) => ` ${n} `)
}

/**
 * The rule as a test of facets; null when the filters narrow nothing. Rules:
 * - price within [min, max], both inclusive; a max equal to the default 500 means "500 and above", so the
 *   untouched panel never hides a dearer item;
 * - location: the listing's location names one of the chosen cities as whole words, in any national language
 *   ("8001 Zürich" and "Genève" match "Zurich" and "Geneva"; "Bernstrasse" does not match "Bern");
 * - size: one of the chosen sizes is a word of the listing's size ("38 EU" has "38"; "One Size" has no "S");
 * - condition and category: exact stored values;
 * - search: every query word is part of the listing's search text (src/domain/search.ts).
 */
export function compileFilters(f: FeedFilters): ((x: FilterFacets) => boolean) | null {
  const min = f.priceMin ?? FILTER_PRICE_DEFAULT_MIN_CHF
  const max = f.priceMax === undefined || f.priceMax === FILTER_PRICE_DEFAULT_MAX_CHF ? Infinity : f.priceMax
  const cities = f.locations?.length ? f.locations.flatMap(cityNeedles) : null
  const sizes = f.sizes?.length ? new Set(f.sizes.map((s) => fold(s).trim())) : null
  const conditions = f.conditions?.length ? new Set<string>(f.conditions) : null
  const { category } = f
  const terms = searchTerms(f.query)
  if (min <= 0 && max === Infinity && !cities && !sizes && !conditions && category === undefined && terms.length === 0)
    return null
  return (x) =>
    x.price >= min &&
    x.price <= max &&
    (category === undefined || x.category === category) &&
    (!conditions || conditions.has(x.condition)) &&
    (!sizes || x.sizeWords.some((w) => sizes.has(w))) &&
    (!cities || cities.some((c) => x.locationWords.includes(c))) &&
    (terms.length === 0 || matchesTerms(x.searchText, terms))
}

/** Whether a listing passes the filters (the same rule, on one listing). */
export function matchesFilters(listing: FilterableListing, filters: FeedFilters): boolean {
  const keep = compileFilters(filters)
  return !keep || keep(filterFacets(listing))
}
