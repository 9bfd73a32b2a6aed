import { describe, expect, it } from 'vitest'
import { DEFAULT_FEED_FILTERS, isDefaultFilters, matchesFilters, parsePriceFrom, parsePriceTo, type FeedFilters, type FilterableListing } from './feed-filters'

describe('spec §5 filter price inputs', () => {
  it.each([
    ['', 0, 500],
    ['  ', 0, 500],
    ['abc', 0, 500],
    ['-3', 0, 500],
    [null, 0, 500],
    ['20', 20, 20],
    ['12.5', 12.5, 12.5],
    [0, 0, 0],
  ])('%j → from %f, to %f', (text, from, to) => {
    expect([parsePriceFrom(text), parsePriceTo(text)]).toEqual([from, to])
  })

  it('defaults to the range 0–500 with no lists', () => {
    expect(DEFAULT_FEED_FILTERS).toEqual({ priceRange: [0, 500], locations: [], sizes: [], conditions: [], categories: [] })
    expect(isDefaultFilters(DEFAULT_FEED_FILTERS)).toBe(true)
    expect(isDefaultFilters({ ...DEFAULT_FEED_FILTERS, sizes: ['M'] })).toBe(false)
  })
})

const listing: FilterableListing = { price: 45, location: '8001 Zürich', size: '38 EU', condition: 'very_good', category: 'women' }
const f = (change: Partial<FeedFilters>): FeedFilters => ({ ...DEFAULT_FEED_FILTERS, ...change })

describe('spec §2.6 filter panel: how the filters narrow the feed (our reading)', () => {
  it.each<[string, Partial<FeedFilters>, Partial<FilterableListing>, boolean]>([
    ['defaults keep everything', {}, {}, true],
    ['defaults keep a price above 500', {}, { price: 800 }, true],
    ['a lowered max excludes above it', { priceRange: [0, 40] }, {}, false],
    ['max is inclusive', { priceRange: [0, 45] }, {}, true],
    ['min is inclusive', { priceRange: [45, 500] }, {}, true],
    ['min excludes below it', { priceRange: [45.01, 500] }, {}, false],
    ['a price stored as text compares as a number', { priceRange: [0, 100] }, { price: '99.90' }, true],
    ['location ignores accents and case', { locations: ['Zurich'] }, {}, true],
    ['location needs one of the cities', { locations: ['Bern', 'Basel'] }, {}, false],
    ['a multi-word city matches', { locations: ['St. Gallen'] }, { location: 'St.Gallen' }, true],
    ['a city in another national language matches', { locations: ['Geneva'] }, { location: '1201 Genève' }, true],
    ['Luzern is Lucerne', { locations: ['Lucerne'] }, { location: 'Luzern' }, true],
    ['a city inside another word does not match', { locations: ['Bern'] }, { location: 'Bernstrasse 4, Thun' }, false],
    ['a missing location matches no city', { locations: ['Zurich'] }, { location: null }, false],
    ['size matches a word of the size', { sizes: ['38'] }, {}, true],
    ['size "S" is not found in "One Size"', { sizes: ['S'] }, { size: 'One Size' }, false],
    ['size is case-insensitive', { sizes: ['m'] }, { size: 'M' }, true],
    ['condition by stored value', { conditions: ['very_good'] }, {}, true],
    ['other condition excluded', { conditions: ['acceptable'] }, {}, false],
    ['category by stored value', { categories: ['men', 'women'] }, {}, true],
    ['other category excluded', { categories: ['shoes'] }, {}, false],
  ])('%s', (_name, filters, change, expected) => {
    expect(matchesFilters({ ...listing, ...change }, f(filters))).toBe(expected)
  })
})
