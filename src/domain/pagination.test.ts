import { describe, expect, it } from 'vitest'
import { pageCount, pageItems, pageOffset, pageSlice, paginate } from './pagination'

describe('docs/product.md §2.6 pagination: page list', () => {
  it.each([
    // 7 pages or fewer: all pages
    [1, 1, [1]],
    [3, 7, [1, 2, 3, 4, 5, 6, 7]],
    [7, 7, [1, 2, 3, 4, 5, 6, 7]],
    // more than 7, current ≤ 4: 1..5, gap, last
    [1, 8, [1, 2, 3, 4, 5, 'gap-end', 8]],
    [4, 8, [1, 2, 3, 4, 5, 'gap-end', 8]],
    [4, 20, [1, 2, 3, 4, 5, 'gap-end', 20]],
    // current within the last 4: first, gap, last 5
    [5, 8, [1, 'gap-start', 4, 5, 6, 7, 8]],
    [17, 20, [1, 'gap-start', 16, 17, 18, 19, 20]],
    [20, 20, [1, 'gap-start', 16, 17, 18, 19, 20]],
    // otherwise: first, gap, c-1..c+1, gap, last
    [5, 9, [1, 'gap-start', 4, 5, 6, 'gap-end', 9]],
    [5, 20, [1, 'gap-start', 4, 5, 6, 'gap-end', 20]],
    [16, 20, [1, 'gap-start', 15, 16, 17, 'gap-end', 20]],
  ] as const)('page %i of %i → %j', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected)
  })

  it.each([
    [0, 8, [1, 2, 3, 4, 5, 'gap-end', 8]],
    [99, 8, [1, 'gap-start', 4, 5, 6, 7, 8]],
  ] as const)('an out-of-range page %i of %i is clamped', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected)
  })
})

describe('docs/product.md §2.6 pagination: 12 per page, previous and next disabled at the ends', () => {
  it.each([
    [0, 1],
    [12, 1],
    [13, 2],
    [96, 8],
    [97, 9],
  ])('%i listings make %i pages', (count, pages) => {
    expect(pageCount(count)).toBe(pages)
  })

  it.each([
    [1, 30, true, false],
    [2, 30, false, false],
    [3, 30, false, true],
    [1, 5, true, true],
  ])('page %i of %i listings: previous disabled %s, next disabled %s', (page, count, prev, next) => {
    const p = paginate(page, count)
    expect([p.previousDisabled, p.nextDisabled]).toEqual([prev, next])
  })

  it('slices one page of rows and gives the matching offset', () => {
    const rows = Array.from({ length: 30 }, (_, i) => i)
    expect(pageSlice(rows, 3)).toEqual([24, 25, 26, 27, 28, 29])
    expect(pageSlice(rows, 1)).toHaveLength(12)
    expect(pageOffset(3)).toBe(24)
  })
})
