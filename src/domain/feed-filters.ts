// The shop's filter panel (spec §2.6 filter panel, §3 filter panel fields, §5 filter price inputs) and the
// predicate that narrows the feed, which the spec leaves unshown; our reading is documented per rule below.
import type { Category } from './categories'
import type { Condition } from './conditions'
import { FILTER_PRICE_DEFAULT_MAX_CHF, FILTER_PRICE_DEFAULT_MIN_CHF } from './constants'

export interface FeedFilters {
  readonly priceRange: readonly [min: number, max: number]
  readonly locations: readonly string[]
  readonly sizes: readonly string[]
  readonly conditions: readonly Condition[]
  readonly categories: readonly Category[]
}

export const DEFAULT_FEED_FILTERS: FeedFilters = {
  priceRange: [FILTER_PRICE_DEFAULT_MIN_CHF, FILTER_PRICE_DEFAULT_MAX_CHF],
  locations: [],
  sizes: [],
  conditions: [],
  categories: [],
}

// Negative numbers count as invalid too: no listing has a negative price.
function parsePrice(text: string | number | null | undefined, fallback: number): number {
  if (text === null || text === undefined || (typeof text === 'string' && text.trim() === '')) return fallback
  const n = typeof text === 'number' ? text : Number(text)
  return Number.isFinite(n) && n >= 0 ? n : fallback
}

/** The "from" input: empty or invalid falls back to 0. */
export const parsePriceFrom = (text: string | number | null | undefined): number => parsePrice(text, FILTER_PRICE_DEFAULT_MIN_CHF)

/** The "to" input: empty or invalid falls back to 500. */
export const parsePriceTo = (text: string | number | null | undefined): number => parsePrice(text, FILTER_PRICE_DEFAULT_MAX_CHF)

export const isDefaultFilters = (f: FeedFilters): boolean =>
  f.priceRange[0] === FILTER_PRICE_DEFAULT_MIN_CHF &&
  f.priceRange[1] === FILTER_PRICE_DEFAULT_MAX_CHF &&
  f.locations.length + f.sizes.length + f.conditions.length + f.categories.length === 0

/** The listing fields the predicate reads (a Dexie mirror row has them all). */
export interface FilterableListing {
  readonly price: number | string
  readonly location: string | null
  readonly size: string | null
  readonly condition: string
  readonly category: string
}

// Case and accents are ignored, so "Zürich" matches "Zurich".
const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()
const words = (s: string): string[] => fold(s).split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '')

// Sellers write cities in any national language; the panel offers the English names (spec §3).
const CITY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  zurich: ['zuerich', 'zurigo'],
  basel: ['bale', 'basilea'],
  bern: ['berne', 'berna'],
  geneva: ['geneve', 'genf', 'ginevra'],
  lucerne: ['luzern', 'lucerna'],
  'st gallen': ['sankt gallen', 'saint gall', 'san gallo'],
}

function mentionsCity(location: string, city: string): boolean {
  const haystack = ` ${words(location).join(' ')} `
  const name = words(city).join(' ')
  return [name, ...(CITY_ALIASES[name] ?? [])].some((n) => haystack.includes(` ${n} `))
}

/**
 * Whether a listing passes the filters. Empty lists do not narrow. Rules:
 * - price within [min, max], both inclusive; a max equal to the default 500 means "500 and above", so the
 *   untouched panel never hides a dearer item;
 * - location: the listing's location names one of the chosen cities as whole words, in any national language
 *   ("8001 Zürich" and "Genève" match "Zurich" and "Geneva");
 * - size: one of the chosen sizes is a word of the listing's size ("38 EU" has "38"; "One Size" has no "S");
 * - condition and category: exact stored values.
 */
export function matchesFilters(listing: FilterableListing, filters: FeedFilters): boolean {
  const price = typeof listing.price === 'number' ? listing.price : Number(listing.price)
  const [min, max] = filters.priceRange
  if (!(price >= min)) return false
  if (max !== FILTER_PRICE_DEFAULT_MAX_CHF && price > max) return false
  if (filters.locations.length > 0 && !filters.locations.some((city) => mentionsCity(listing.location ?? '', city))) return false
  if (filters.sizes.length > 0) {
    const sizeWords = words(listing.size ?? '')
    if (!filters.sizes.some((s) => sizeWords.includes(fold(s)))) return false
  }
  if (filters.conditions.length > 0 && !(filters.conditions as readonly string[]).includes(listing.condition)) return false
  if (filters.categories.length > 0 && !(filters.categories as readonly string[]).includes(listing.category)) return false
  return true
}
