import { describe, expect, it } from 'vitest'
import { placeCodeOf, PLACES } from './places'
import {
  compileFilters,
  filterFacets,
  hasPriceBound,
  isDefaultFilters,
  matchesFilters,
  narrowsFeed,
  parsePriceFrom,
  parsePriceTo,
  priceRangeInverted,
  type FeedFilters,
  type FilterableListing,
} from './feed-filters'

describe('docs/product.md §5 filter price inputs', () => {
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

  it.each<[FeedFilters, boolean, boolean]>([
    [{}, true, false],
    [{ priceMin: 0, priceMax: 500 }, true, false],
    [{ priceMax: 499 }, false, true],
    [{ priceMin: 1 }, false, true],
    [{ sizes: ['M'] }, false, true],
    [{ category: 'men' }, true, true],
    [{ query: 'pull' }, true, true],
    [{ query: '  ' }, true, false],
  ])('%j: panel untouched %s, narrows the feed %s', (filters, untouched, narrows) => {
    expect(isDefaultFilters(filters)).toBe(untouched)
    expect(narrowsFeed(filters)).toBe(narrows)
    expect(compileFilters(filters) !== null).toBe(narrows)
  })

  it.each([
    ['', '', false],
    ['80', '50', true],
    ['50', '50', false],
    ['20', '50', false],
    ['600', '', false], // no upper bound typed: everything from 600 on
    ['600', 'abc', false],
    ['abc', '0', false], // an invalid "from" is 0
    ['0.5', '0', true],
  ])('docs/product.md#R-filter-price-order: from %j, to %j → upside down %s', (from, to, inverted) => {
    expect(priceRangeInverted(from, to)).toBe(inverted)
  })

  it('knows when the price bounds narrow', () => {
    expect([
      hasPriceBound({}),
      hasPriceBound({ priceMin: 0, priceMax: 500 }),
      hasPriceBound({ priceMax: 600 }),
    ]).toEqual([false, false, true])
  })
})

const listing: FilterableListing = {
  price: 45,
  location: '8001 Zürich',
  size: '38 EU',
  condition: 'very_good',
  category: 'women',
  title: 'Wool coat',
  brand: 'Akris',
  tags: ['winter'],
  product_type: 'coat',
}

describe('docs/product.md §2.6 filter panel: how the filters narrow the feed (our reading)', () => {
  it.each<[string, FeedFilters, Partial<FilterableListing>, boolean]>([
    ['no filters keep everything', {}, {}, true],
    ['defaults keep a price above 500', { priceMin: 0, priceMax: 500 }, { price: 800 }, true],
    ['a lowered max excludes above it', { priceMax: 40 }, {}, false],
    ['max is inclusive', { priceMax: 45 }, {}, true],
    ['a max above 500 is a real bound', { priceMax: 600 }, { price: 800 }, false],
    ['min is inclusive', { priceMin: 45 }, {}, true],
    ['min excludes below it', { priceMin: 45.01 }, {}, false],
    ['a price stored as text compares as a number', { priceMax: 100 }, { price: '99.90' }, true],
    ['location ignores accents, case and the postcode: "8001 Zürich" is Zurich', { locations: ['Zurich'] }, {}, true],
    ['location needs one of the cities', { locations: ['Bern', 'Basel'] }, {}, false],
    ['one of several cities is enough', { locations: ['Bern', 'Zurich'] }, {}, true],
    ['a multi-word city matches', { locations: ['St. Gallen'] }, { location: 'St.Gallen' }, true],
    ['a city in another national language matches', { locations: ['Geneva'] }, { location: '1201 Genève' }, true],
    ['Luzern is Lucerne', { locations: ['Lucerne'] }, { location: 'Luzern' }, true],
    ['Zuerich is Zurich', { locations: ['Zurich'] }, { location: 'Zuerich' }, true],
    ['a city inside another word does not match', { locations: ['Bern'] }, { location: 'Bernstrasse 4, Thun' }, false],
    ['a missing location matches no city', { locations: ['Zurich'] }, { location: null }, false],
    ['size matches a word of the size', { sizes: ['38'] }, {}, true],
    ['size "S" is not found in "One Size"', { sizes: ['S'] }, { size: 'One Size' }, false],
    ['size is case-insensitive', { sizes: ['m'] }, { size: 'M' }, true],
    ['a missing size matches no size', { sizes: ['M'] }, { size: null }, false],
    ['condition by stored value', { conditions: ['very_good'] }, {}, true],
    ['other condition excluded', { conditions: ['acceptable'] }, {}, false],
    ['category by stored value', { category: 'women' }, {}, true],
    ['other category excluded', { category: 'shoes' }, {}, false],
    ['search narrows with the other filters', { query: 'akris', locations: ['Zurich'] }, {}, true],
    ['search excludes what it does not find', { query: 'pullover' }, {}, false],
    [
      'all filters together',
      {
        category: 'women',
        priceMin: 40,
        priceMax: 50,
        locations: ['Zurich'],
        sizes: ['38'],
        conditions: ['very_good'],
        query: 'wool',
      },
      {},
      true,
    ],
  ])('%s', (_name, filters, change, expected) => {
    expect(matchesFilters({ ...listing, ...change }, filters)).toBe(expected)
  })

  it('normalises a listing once into the facets the rule compares', () => {
    expect(filterFacets(listing)).toEqual({
      price: 45,
      category: 'women',
      condition: 'very_good',
      locationWords: ' 8001 zurich ',
      sizeWords: ['38', 'eu'],
      // Then the vocabulary in the four languages (./search-vocabulary).
      searchText:
        'wool coat akris winter women coat 8001 zurich zuerich women damen femmes donna coat mantel manteau cappotto zurich zuerich zurigo',
    })
    expect(filterFacets({ ...listing, price: 'abc' }).price).toBe(0)
  })
})

describe('docs/product.md §3 filter panel locations: every national spelling of an offered city matches it (our reading)', () => {
  it.each([
    ['Zurich', 'Zürich'],
    ['Zurich', 'Zurigo'],
    ['Basel', 'Bâle'],
    ['Basel', 'Basilea'],
    ['Bern', 'Berne'],
    ['Bern', 'Berna'],
    ['Geneva', 'Genève'],
    ['Geneva', 'Genf'],
    ['Geneva', 'Ginevra'],
    ['Lucerne', 'Luzern'],
    ['Lucerne', 'Lucerna'],
    ['St. Gallen', '9000 Sankt Gallen'],
    ['St. Gallen', 'Saint-Gall'],
    ['St. Gallen', 'San Gallo'],
    ['Lausanne', '1003 Lausanne'],
  ])('the filter %s keeps a listing in %s', (city, location) => {
    expect(matchesFilters({ ...listing, location }, { locations: [city] })).toBe(true)
    expect(matchesFilters({ ...listing, location: 'Winterthur' }, { locations: [city] })).toBe(false)
  })

  it.each(['Zurich', 'Basel', 'Bern', 'Lausanne', 'Geneva', 'Winterthur', 'Lucerne', 'St. Gallen'])(
    'docs/decisions.md#D-place-codes the filter %s keeps a listing stored with its town’s code, and no other town',
    (city) => {
      const code = placeCodeOf(city)!
      expect(matchesFilters({ ...listing, location: code }, { locations: [city] })).toBe(true)
      const others = PLACES.filter((p) => p.kind === 'town' && p.code !== code)
      expect(others.filter((p) => matchesFilters({ ...listing, location: p.code }, { locations: [city] }))).toEqual([])
    },
  )

  it.each([
    ['Zurich', 'CH-ZH', true],
    ['Geneva', 'CH-GE', true],
    ['Lucerne', 'CH-LU', true],
    ['Zurich', 'CH-GE', false],
    ['Lausanne', 'CH-VD', false],
  ])('docs/decisions.md#D-place-codes the filter %s and a listing in the canton %s → %s', (city, code, kept) => {
    expect(matchesFilters({ ...listing, location: code }, { locations: [city] })).toBe(kept)
  })

  it('a blank city names no place: it keeps no listing, not even one without a location', () => {
    expect(matchesFilters({ ...listing, location: null }, { locations: [' '] })).toBe(false)
    expect(matchesFilters({ ...listing, location: '' }, { locations: [''] })).toBe(false)
  })
})

describe('docs/product.md §2.6 filter panel: prices and sizes as stored and as chosen (our reading)', () => {
  it.each<[FeedFilters, number | string, boolean]>([
    [{ priceMin: 50 }, '99.90', true],
    [{ priceMin: 100 }, '99.90', false],
    [{ priceMin: 1 }, 'abc', false],
  ])('%j with a price stored as %j → %s', (filters, price, expected) => {
    expect(matchesFilters({ ...listing, price }, filters)).toBe(expected)
  })

  it('a chosen size is compared without its surrounding spaces', () => {
    expect(matchesFilters({ ...listing, size: 'M' }, { sizes: [' M '] })).toBe(true)
  })

  it('a listing without location or size has no words for them', () => {
    const facets = filterFacets({ ...listing, location: null, size: null })
    expect([facets.locationWords.trim(), facets.sizeWords]).toEqual(['', []])
  })
})
