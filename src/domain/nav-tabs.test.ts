import { describe, expect, it } from 'vitest'
import { currentTab } from './nav-tabs'

describe('docs/product.md#R-current-tab: the current tab of a page', () => {
  it.each([
    ['/', '/'],
    ['/shop', '/'],
    ['/shop/', '/'],
    ['/item/4f7c', '/'],
    ['/favorites', '/favorites'],
    ['/sell', '/sell'],
    ['/sell/details', '/sell'],
    ['/sell/edit/4f7c', '/sell'],
    ['/profile', '/profile'],
    ['/messages', null],
    ['/our-story', null],
    ['/shopping-tips', null],
    ['/items', null],
  ])('%s → %s', (pathname, tab) => {
    expect(currentTab(pathname)).toBe(tab)
  })
})
