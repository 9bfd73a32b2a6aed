import { describe, expect, it } from 'vitest'
import { feedViewFromParams, feedViewToParams, searchView, withFilters, type FeedView } from './feed-query'

const view = (qs: string): FeedView => feedViewFromParams(new URLSearchParams(qs))

describe('the shop view in the query string (docs/product.md §2.6; Back, reload and shared links restore it)', () => {
  it.each<[string, FeedView]>([
    ['', { filters: {}, sort: 'newest', page: 1 }],
    ['category=women', { filters: { category: 'women' }, sort: 'newest', page: 1 }],
    ['category=kids', { filters: { category: 'children' }, sort: 'newest', page: 1 }],
    ['category=all', { filters: {}, sort: 'newest', page: 1 }],
    ['category=hats', { filters: {}, sort: 'newest', page: 1 }],
    ['q=+red++pull+', { filters: { query: 'red pull' }, sort: 'newest', page: 1 }],
    ['min=20&max=80', { filters: { priceMin: 20, priceMax: 80 }, sort: 'newest', page: 1 }],
    ['min=0&max=500', { filters: {}, sort: 'newest', page: 1 }],
    ['min=abc&max=-4', { filters: {}, sort: 'newest', page: 1 }],
    [
      'loc=Zurich,St.+Gallen&size=M,38,M',
      { filters: { locations: ['Zurich', 'St. Gallen'], sizes: ['M', '38'] }, sort: 'newest', page: 1 },
    ],
    ['cond=very_good,mint', { filters: { conditions: ['very_good'] }, sort: 'newest', page: 1 }],
    ['sort=price_desc&page=3', { filters: {}, sort: 'price_desc', page: 3 }],
    ['sort=cheapest&page=0', { filters: {}, sort: 'newest', page: 1 }],
    ['page=2.7', { filters: {}, sort: 'newest', page: 2 }],
  ])('%j', (qs, expected) => {
    expect(view(qs)).toEqual(expected)
  })

  it.each([
    'category=children&q=red+pull&min=20&max=80&loc=Zurich%2CSt.+Gallen&size=M&cond=very_good%2Cacceptable&sort=price_asc&page=4',
    '',
    'q=hermes',
  ])('writes back the same query string: %j', (qs) => {
    expect(feedViewToParams(view(qs)).toString()).toBe(qs)
  })

  it('a change of filters (the category too) starts at page 1', () => {
    expect(withFilters(view('category=men&page=5'), { category: 'women' })).toEqual({
      filters: { category: 'women' },
      sort: 'newest',
      page: 1,
    })
  })

  it("a header search keeps the shop's filters and sort, replaces the query, and starts at page 1", () => {
    expect(searchView(view('category=men&q=old&sort=price_asc&page=3'), ' pull ')).toEqual({
      filters: { category: 'men', query: 'pull' },
      sort: 'price_asc',
      page: 1,
    })
    expect(searchView(null, 'hermes')).toEqual({ filters: { query: 'hermes' }, sort: 'newest', page: 1 })
    expect(searchView(view('q=old&size=M'), '  ')).toEqual({ filters: { sizes: ['M'] }, sort: 'newest', page: 1 })
  })
})

describe('docs/product.md §2.6 / §5: price bounds and lists in the query string', () => {
  it.each<[string, FeedView]>([
    ['max=', { filters: {}, sort: 'newest', page: 1 }],
    ['max=+&min=+', { filters: {}, sort: 'newest', page: 1 }],
    ['max=0', { filters: { priceMax: 0 }, sort: 'newest', page: 1 }],
    ['max=500', { filters: {}, sort: 'newest', page: 1 }],
    [
      'loc=+Zurich+,+Bern&size=+M+',
      { filters: { locations: ['Zurich', 'Bern'], sizes: ['M'] }, sort: 'newest', page: 1 },
    ],
  ])('%j (no key for an untouched bound)', (qs, expected) => {
    expect(view(qs)).toStrictEqual(expected)
  })

  it.each<[FeedView['filters'], string]>([
    [{ priceMin: 0, priceMax: 500 }, ''],
    [{ priceMin: 0.5, priceMax: 0 }, 'min=0.5&max=0'],
    [{ priceMax: 600 }, 'max=600'],
  ])('the default bounds are left out: %j → %j', (filters, qs) => {
    expect(feedViewToParams({ filters, sort: 'newest', page: 1 }).toString()).toBe(qs)
  })
})
