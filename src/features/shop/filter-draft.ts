import type { Category } from '@/domain/categories'
import type { Condition } from '@/domain/conditions'
import { FILTER_PRICE_DEFAULT_MAX_CHF, FILTER_PRICE_DEFAULT_MIN_CHF } from '@/domain/constants'
import { parsePriceFrom, parsePriceTo, type FeedFilters } from '@/domain/feed-filters'

/** The filter sheet's fields as the user edits them (prices as typed, so "" stays "" until Apply). */
export interface FilterDraft {
  category: Category | null
  priceFrom: string
  priceTo: string
  locations: string[]
  sizes: string[]
  conditions: Condition[]
}

export const EMPTY_DRAFT: FilterDraft = {
  category: null,
  priceFrom: '',
  priceTo: '',
  locations: [],
  sizes: [],
  conditions: [],
}

export function draftOf(f: FeedFilters): FilterDraft {
  return {
    category: f.category ?? null,
    priceFrom: f.priceMin === undefined ? '' : String(f.priceMin),
    priceTo: f.priceMax === undefined ? '' : String(f.priceMax),
    locations: [...(f.locations ?? [])],
    sizes: [...(f.sizes ?? [])],
    conditions: [...(f.conditions ?? [])],
  }
}

/** The filters a draft applies (docs/product.md §5: an empty or invalid "from" is 0, "to" is 500); the search is kept. */
export function filtersOf(d: FilterDraft, query: string | undefined): FeedFilters {
  const min = parsePriceFrom(d.priceFrom)
  const max = parsePriceTo(d.priceTo)
  return {
    ...(d.category ? { category: d.category } : {}),
    ...(query ? { query } : {}),
    ...(min > FILTER_PRICE_DEFAULT_MIN_CHF ? { priceMin: min } : {}),
    ...(max !== FILTER_PRICE_DEFAULT_MAX_CHF ? { priceMax: max } : {}),
    ...(d.locations.length ? { locations: d.locations } : {}),
    ...(d.sizes.length ? { sizes: d.sizes } : {}),
    ...(d.conditions.length ? { conditions: d.conditions } : {}),
  }
}

export const toggled = <T>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value]
