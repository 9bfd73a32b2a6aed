import { describe, expect, it } from 'vitest'
import {
  ALL_PRODUCT_TYPES,
  CATEGORIES,
  categoryFromQuery,
  categoryToQuery,
  PRODUCT_TYPES,
  productTypesFor,
} from './categories'
import { CONDITIONS } from './conditions'

describe('docs/product.md §2.6 category in the query string', () => {
  it.each([
    ['women', 'women'],
    ['children', 'children'],
    ['kids', 'children'],
    ['Kids', 'children'],
    ['all', null],
    ['hats', null],
    ['', null],
    [null, null],
  ])('?category=%s selects %s', (value, category) => {
    expect(categoryFromQuery(value)).toBe(category)
  })

  it.each([
    ['all', null],
    ['shoes', 'shoes'],
  ] as const)('choosing %s writes %s', (filter, value) => {
    expect(categoryToQuery(filter)).toBe(value)
  })
})

describe('docs/product.md §3 stored values', () => {
  it('has the five categories and four conditions', () => {
    expect(CATEGORIES).toEqual(['women', 'men', 'children', 'shoes', 'accessories'])
    expect(CONDITIONS).toEqual(['new_with_tags', 'very_good', 'worn_but_loved', 'acceptable'])
  })

  it('offers lower-cased product types for every category', () => {
    for (const c of CATEGORIES) expect(PRODUCT_TYPES[c].length).toBeGreaterThan(0)
    for (const p of ALL_PRODUCT_TYPES) expect(p).toBe(p.toLowerCase().trim())
  })

  it.each(CATEGORIES.map((c) => [c]))('the details form offers %s its own product types, all of them known', (c) => {
    expect(productTypesFor(c)).toEqual(PRODUCT_TYPES[c])
    for (const p of productTypesFor(c)) expect(ALL_PRODUCT_TYPES).toContain(p)
  })

  it('the full list holds every product type of every category once', () => {
    const union = new Set(CATEGORIES.flatMap((c) => [...PRODUCT_TYPES[c]]))
    expect([...ALL_PRODUCT_TYPES].sort()).toEqual([...union].sort())
  })
})
