/**
 * The filter combinations the feed bench cycles through, weighted by how often we expect a shopper to use them:
 * mostly the unfiltered feed and one category, fewer narrow multi-filter searches. Pages 1–4 (offset 0–36).
 */
import type { FeedFilter } from '../../src/db/repositories/feed'

export interface FeedCase {
  shape: string
  filter: FeedFilter
  page: number
}

const SHAPES: { shape: string; weight: number; filters: FeedFilter[] }[] = [
  { shape: 'no filter', weight: 30, filters: [{}] },
  {
    shape: 'category',
    weight: 25,
    filters: [{ category: 'women' }, { category: 'men' }, { category: 'shoes' }, { category: 'children' }],
  },
  {
    shape: 'category + city',
    weight: 15,
    filters: [
      { category: 'women', locations: ['Zurich'] },
      { category: 'men', locations: ['Geneva', 'Lausanne'] },
    ],
  },
  { shape: 'price range', weight: 10, filters: [{ priceMin: 20, priceMax: 80 }, { priceMax: 30 }] },
  { shape: 'city', weight: 5, filters: [{ locations: ['Bern'] }, { locations: ['Basel', 'Zurich'] }] },
  { shape: 'sizes', weight: 5, filters: [{ sizes: ['M'] }, { sizes: ['38', '39'] }] },
  {
    shape: 'condition',
    weight: 5,
    filters: [{ conditions: ['new_with_tags'] }, { conditions: ['very_good', 'worn_but_loved'] }],
  },
  {
    shape: 'category + city + size + condition',
    weight: 5,
    filters: [
      { category: 'women', locations: ['Zurich'], sizes: ['M'], conditions: ['very_good'] },
      { category: 'shoes', locations: ['Geneva'], sizes: ['38', '39'], conditions: ['new_with_tags', 'very_good'] },
    ],
  },
]

const PAGES = [1, 1, 1, 2, 2, 3, 4]

/** `runs` cases, interleaving shapes in proportion to their weights (deterministic). */
export function feedCases(runs: number): FeedCase[] {
  const cases: FeedCase[] = []
  const used = new Map<string, number>()
  for (let i = 0; i < runs; i++) {
    // Pick the shape furthest behind its share so far: an even interleave, not blocks of one shape.
    const s = SHAPES.reduce((best, c) =>
      (used.get(c.shape) ?? 0) / c.weight < (used.get(best.shape) ?? 0) / best.weight ? c : best,
    )
    const k = used.get(s.shape) ?? 0
    used.set(s.shape, k + 1)
    cases.push({ shape: s.shape, filter: s.filters[k % s.filters.length]!, page: PAGES[(i * 3 + k) % PAGES.length]! })
  }
  return cases
}
