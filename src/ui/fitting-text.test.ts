import { describe, expect, it } from 'vitest'
import { firstThatFits } from './fitting-text'

// Each character is 10 px wide.
const width = (text: string) => text.length * 10
const candidates = ['Search brand, item or category', 'Brand, item, category', 'Search']

describe('firstThatFits', () => {
  it.each<[string, number, number]>([
    ['a wide box takes the whole text', 400, 0],
    ['exactly as wide as the whole text', 300, 0],
    ['one pixel short: the next one', 299, 1],
    ['a narrow box: the shortest that fits', 100, 2],
    ['narrower than every one: the shortest, cut by the box', 20, 2],
  ])('%s', (_, available, expected) => {
    expect(firstThatFits(candidates, available, width)).toBe(expected)
  })

  it('no candidates: the first place', () => {
    expect(firstThatFits([], 100, width)).toBe(0)
  })
})
