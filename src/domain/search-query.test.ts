import { describe, expect, it } from 'vitest'
import {
  cursorAfter,
  isPlainFeed,
  pagedItemCount,
  pageRequest,
  searchKey,
  searchPageKey,
  serverSearchOf,
  SEARCH_OFFSET_MAX,
} from './search-query'

const none = {
  terms: [],
  category: null,
  priceMin: null,
  priceMax: null,
  locations: null,
  sizes: null,
  conditions: null,
}

describe('the server search of the shop filters', () => {
  it.each([
    ['nothing narrows', {}, none],
    ['words folded and distinct', { query: 'Genève  genève Müller' }, { ...none, terms: ['geneve', 'muller'] }],
    ['the untouched price panel narrows nothing', { priceMin: 0, priceMax: 500 }, none],
    ['a price range', { priceMin: 20, priceMax: 80 }, { ...none, priceMin: 20, priceMax: 80 }],
    [
      'a city in every spelling',
      { locations: ['Geneva'] },
      { ...none, locations: [' geneva ', ' geneve ', ' genf ', ' ginevra '] },
    ],
    ['sizes folded', { sizes: [' XL '] }, { ...none, sizes: ['xl'] }],
    [
      'category and conditions',
      { category: 'men', conditions: ['very_good'] },
      { ...none, category: 'men', conditions: ['very_good'] },
    ],
  ] as const)('%s', (_name, filters, expected) => {
    expect(serverSearchOf(filters)).toEqual(expected)
  })

  it.each([
    [{}, 'newest', true],
    [{}, 'price_asc', false],
    [{ query: 'coat' }, 'newest', false],
    [{ query: '  ' }, 'newest', true],
    [{ category: 'men' }, 'newest', false],
    [{ sizes: ['M'] }, 'newest', false],
  ] as const)('plain feed %j %s → %s', (filters, sort, expected) => {
    expect(isPlainFeed(filters, sort)).toBe(expected)
  })

  it('names the same question the same, whatever its spelling', () => {
    expect(searchKey({ query: 'Genève coat', sizes: ['M', 'L'] }, 'newest')).toBe(
      searchKey({ query: 'coat geneve', sizes: ['L', 'M'] }, 'newest'),
    )
    expect(searchKey({ query: 'coat' }, 'newest')).not.toBe(searchKey({ query: 'coat' }, 'price_asc'))
    expect(searchPageKey({}, 'newest', 2)).not.toBe(searchPageKey({}, 'newest', 3))
  })

  it('pages after a cursor when the page before is known, else by a bounded skip', () => {
    expect(pageRequest(none, 'newest', 1, null)).toMatchObject({ after: null, offset: 0, limit: 12 })
    expect(pageRequest(none, 'newest', 3, null)).toMatchObject({ after: null, offset: 24 })
    const cursor = { key: '2026-11-01T00:00:00+00:00', id: 'a' }
    expect(pageRequest(none, 'newest', 500, cursor)).toMatchObject({ after: cursor, offset: 0 })
    const lastBySkip = Math.floor(SEARCH_OFFSET_MAX / 12) + 1
    expect(pageRequest(none, 'newest', lastBySkip, null)).toMatchObject({ offset: (lastBySkip - 1) * 12 })
    expect(pageRequest(none, 'newest', lastBySkip + 1, null)).toBeNull()
  })

  it('ends a page at its sort key and id', () => {
    const row = { id: 'x', created_at: '2026-11-01T00:00:00+00:00', price: 12.5 }
    expect(cursorAfter(row, 'newest')).toEqual({ key: row.created_at, id: 'x' })
    expect(cursorAfter(row, 'price_desc')).toEqual({ key: '12.5', id: 'x' })
  })
})

describe('the page list of a server search', () => {
  it.each([
    ['an exact count', 30, 1, true, 30],
    ['a count past the cap reaches its pages', 1001, 1, true, 1001],
    ['past the capped pages, the next page stays reachable', 1001, 90, true, 1081],
    ['a last short page ends the list', 1001, 90, false, 1080],
    ['no count: this page and the next', null, 3, true, 37],
  ] as const)('%s', (_name, total, page, hasNext, expected) => {
    expect(pagedItemCount(total, page, hasNext)).toBe(expected)
  })
})
